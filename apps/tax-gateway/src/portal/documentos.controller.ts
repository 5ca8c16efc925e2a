import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { Callers } from '@lib/auth';
import { ApiProblemResponses, DOCUMENTO_SII_JSON_SCHEMA } from '@lib/schemas';
import { BuzonService, buzonOf } from './buzon.service';
import { BuzonQueryDto, DocIdParamDto } from './dto/portal-query.dto';
import { openApiSchema, PORTAL_PROBLEMS, PORTAL_THROTTLE } from './openapi-schema';

/** The documents the SII issued to the taxpayer (resolutions, certificates): the admin service and the assistant. */
@ApiTags('portal')
@Callers('admin', 'assistant')
@Controller('tax/documentos')
export class DocumentosController {
  constructor(private readonly buzon: BuzonService) {}

  @Get()
  @Throttle(PORTAL_THROTTLE)
  @ApiOperation({ summary: 'The documents the SII issued to the taxpayer (resolutions, certificates); cached 1 h' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['rut', 'fetched_at', 'cached', 'documentos'],
      properties: {
        rut: { type: 'string' },
        fetched_at: { type: 'string', format: 'date-time' },
        cached: { type: 'boolean' },
        documentos: { type: 'array', items: openApiSchema(DOCUMENTO_SII_JSON_SCHEMA) },
      },
    },
  })
  @ApiProblemResponses(...PORTAL_PROBLEMS)
  async list(@Query() q: BuzonQueryDto): Promise<object> {
    const b = buzonOf(q);
    const r = await this.buzon.listDocumentos(b);
    return { rut: b.rut, fetched_at: r.loadedAt.toISOString(), cached: r.cached, documentos: r.value };
  }

  @Get(':doc_id/pdf')
  @Throttle(PORTAL_THROTTLE)
  @ApiOperation({ summary: 'One document as the portal gives it (PDF); cached 1 h' })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiProblemResponses(...PORTAL_PROBLEMS, { status: 404, errors: ['documento_not_found'] })
  async pdf(@Param() p: DocIdParamDto, @Query() q: BuzonQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const r = await this.buzon.fetchDocumentoPdf(buzonOf(q), p.doc_id);
    reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${p.doc_id}.pdf"`);
    return r.value;
  }
}
