import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, Callers } from '@lib/auth';
import { normalizeRut } from '@lib/rut';
import { ApiProblemResponses } from '@lib/schemas';
import { ImportedSessionListView, ImportedSessionStatusView, ImportSessionDto, RepresentadoParamDto } from './dto/import-session.dto';
import { SesionesImportadas } from './sesiones-importadas';
import { Auditar } from '../auditoria/auditar.decorator';

/** Imported SII portal sessions (docs/tax-gateway.md "Imported sessions"). */
@ApiTags('auth')
@Controller('tax/auth/import-session')
export class SesionesController {
  constructor(private readonly sesiones: SesionesImportadas) {}

  @Post()
  @HttpCode(200)
  @Callers('admin')
  @ApiOperation({ summary: 'Import the portal session cookies of a representado (replaces an earlier import)' })
  @ApiOkResponse({ type: ImportedSessionStatusView })
  @ApiProblemResponses(400, 401, 403, { status: 422, errors: ['cookie_domain', 'session_expired'] })
  // The answer names the cookies, never their values: its hash is what the receipt keeps.
  @Auditar('sesion_importada', (r: ImportedSessionStatusView) => ({ tenant: null, recurso: r.representado_rut }))
  import(@Body() dto: ImportSessionDto, @Caller() caller?: string): Promise<ImportedSessionStatusView> {
    return this.sesiones.import(dto.representado_rut, dto.cookies, caller ?? 'unknown');
  }

  @Get('status')
  @Callers('admin', 'assistant')
  @ApiOperation({ summary: 'The imported sessions: when, until when, whether the portal accepted the last use (never a cookie value)' })
  @ApiOkResponse({ type: ImportedSessionListView })
  @ApiProblemResponses(401, 403)
  async status(): Promise<ImportedSessionListView> {
    return { sesiones: await this.sesiones.list() };
  }

  @Delete(':representado_rut')
  @HttpCode(204)
  @Callers('admin')
  @ApiOperation({ summary: 'Delete the imported session of one representado' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiProblemResponses(400, 401, 403, 404)
  @Auditar('sesion_borrada', (_r: undefined, req) => ({ tenant: null, recurso: normalizeRut(req.params.representado_rut) }))
  async delete(@Param() p: RepresentadoParamDto): Promise<void> {
    await this.sesiones.delete(p.representado_rut);
  }
}
