import { Body, Controller, Delete, Get, HttpCode, Param, Put, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Caller, Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { normalizeRut } from '@lib/rut';
import { Auditar } from '../auditoria/auditar.decorator';
import { BancoLinks } from './banco-links';
import { BancoLinkBodyDto, BancoLinkView, BancoLinksView, BancoTenantParamDto } from './dto/banco.dto';

const KEY_MISSING = { status: 503, errors: ['banco_links_key_missing'] };

/** The tenants' bank links, stored encrypted (docs/tax-gateway.md "Bank links"); only the admin console registers or removes one. */
@ApiTags('banco')
@Controller('banco/links')
export class BancoLinksController {
  constructor(private readonly links: BancoLinks) {}

  @Put(':tenant')
  @Callers('admin')
  @Auditar('banco_link_registrado', (r: BancoLinkView) => ({ tenant: r.tenant, recurso: `${r.tenant}:${r.link_sufijo}` }))
  @ApiOperation({ summary: "Register or replace the tenant's bank link (the aggregator's link token), stored encrypted; 201 when new" })
  @ApiOkResponse({ type: BancoLinkView, description: 'Replaced' })
  @ApiCreatedResponse({ type: BancoLinkView, description: 'Registered' })
  @ApiProblemResponses(400, 401, 403, KEY_MISSING)
  async put(
    @Param() p: BancoTenantParamDto,
    @Body() dto: BancoLinkBodyDto,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Caller() caller?: string,
  ): Promise<BancoLinkView> {
    const { link, created } = await this.links.put(p.tenant, dto.link_token, caller ?? 'unknown');
    reply.status(created ? 201 : 200);
    return link;
  }

  @Get()
  @Callers('admin', 'accounting')
  @ApiOperation({ summary: 'The bank links, without their tokens' })
  @ApiOkResponse({ type: BancoLinksView })
  @ApiProblemResponses(401, 403)
  async list(): Promise<BancoLinksView> {
    return { items: await this.links.list() };
  }

  @Delete(':tenant')
  @HttpCode(204)
  @Callers('admin')
  @Auditar('banco_link_borrado', (_r: undefined, req) => ({
    tenant: normalizeRut(req.params.tenant),
    recurso: normalizeRut(req.params.tenant),
  }))
  @ApiOperation({ summary: "Remove the tenant's bank link; its stored movements stay" })
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiProblemResponses(400, 401, 403, { status: 404, errors: ['banco_not_linked'] })
  async remove(@Param() p: BancoTenantParamDto, @Caller() caller?: string): Promise<void> {
    await this.links.remove(p.tenant, caller ?? 'unknown');
  }
}
