import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { Caller, Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { BoletaView, EmitirBoletaDto, EmitirBoletasLoteDto } from '@lib/contracts';
import { JobView } from '../jobs/dto/job.dto';
import { BoletaLotes } from './boleta-lotes';
import { REENVIO_PROBLEMS, UPSTREAM_PROBLEMS, emisionProblems } from '../sii/sii-problems';
import { Auditar } from '../auditoria/auditar.decorator';
import { EmisionIdParamDto, EstadoQueryDto } from '../dte/dto/emision.dto';
import { BoletaEnvios } from './boleta-envios';
import { BoletaService } from './boleta.service';
import { EnviarBoletasDto, EnviarBoletasView, EstadoEnvioBoletaView } from './dto/boleta.dto';

@ApiTags('boleta')
@Controller('tax/boleta')
export class BoletaController {
  constructor(
    private readonly boletas: BoletaService,
    private readonly envios: BoletaEnvios,
    private readonly lotes: BoletaLotes,
  ) {}

  @Post('emitir')
  @Callers('admin', 'accounting')
  @HttpCode(201)
  // A shop's till issues a boleta per sale: far more than the 20 DTEs per minute of /tax/dte/emitir (spec 1 "Limits").
  @Throttle({ default: { limit: 1200, ttl: 60_000 } })
  @ApiOperation({
    summary: 'Emit a boleta (39, 41): folio, TED, signature; answered signed, then sent with the others of the moment in one EnvioBOLETA',
  })
  @ApiCreatedResponse({ type: BoletaView })
  @ApiProblemResponses(...emisionProblems([]))
  @Auditar('emision', (r: BoletaView, _req, filas) => filas.findRow('dte_emission', r.emision_id))
  emit(@Body() body: EmitirBoletaDto, @Caller() caller?: string): Promise<BoletaView> {
    return this.boletas.emit(body, caller);
  }

  @Post('lote')
  @Callers('admin', 'accounting')
  @HttpCode(202)
  @Throttle({ default: { limit: 20, ttl: 60_000 } })
  @ApiOperation({
    summary: 'Queue a job that issues up to 500 boletas of one tenant, one by one, and sends them together',
    description:
      'Answers the job `queued` with Location /tax/jobs/{job_id}; the job reports each boleta (signed, or refused with its problem: ' +
      'a refused boleta does not stop the others) and the envío, and ends with each boleta by its index and the envíos in `resultado`.',
  })
  @ApiAcceptedResponse({ type: JobView, headers: { Location: { description: '/tax/jobs/{job_id}', schema: { type: 'string' } } } })
  @ApiProblemResponses(400, 401, 403, { status: 429, errors: ['rate_limited'] })
  async lote(
    @Body() body: EmitirBoletasLoteDto,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Caller() caller?: string,
  ): Promise<JobView> {
    const job = await this.lotes.enqueue(body, caller);
    reply.header('Location', `/tax/jobs/${job.job_id}`);
    return job;
  }

  @Post('enviar')
  @Callers('admin')
  @HttpCode(200)
  @Throttle({ default: { limit: 20, ttl: 60_000 } })
  @ApiOperation({ summary: "Send now the tenant's boletas waiting for their EnvioBOLETA (up to 500 per envío)" })
  @ApiOkResponse({ type: EnviarBoletasView })
  @ApiProblemResponses(400, 401, 403, { status: 429, errors: ['rate_limited'] })
  async send(@Body() body: EnviarBoletasDto): Promise<EnviarBoletasView> {
    return { envios: await this.envios.flush(body.tenant) };
  }

  @Get('estado')
  @Callers('admin', 'accounting')
  @Throttle({ default: { limit: 60, ttl: 60_000 } })
  @ApiOperation({ summary: "The boleta service's estado of an EnvioBOLETA, recorded on each of its boletas" })
  @ApiOkResponse({ type: EstadoEnvioBoletaView })
  @ApiProblemResponses(
    400,
    401,
    403,
    { status: 404, errors: ['envio_not_found'] },
    { status: 429, errors: ['rate_limited'] },
    ...UPSTREAM_PROBLEMS,
  )
  estado(@Query() q: EstadoQueryDto): Promise<EstadoEnvioBoletaView> {
    return this.envios.refreshEstado(q.tenant, q.trackid);
  }

  @Post(':emision_id/reenviar')
  @Callers('admin')
  @HttpCode(200)
  @Throttle({ default: { limit: 20, ttl: 60_000 } })
  @ApiOperation({ summary: 'Send again a boleta whose envío failed (never a new folio, never new bytes), in a new EnvioBOLETA' })
  @ApiOkResponse({ type: BoletaView })
  @ApiProblemResponses(...REENVIO_PROBLEMS)
  @Auditar('reenvio', (r: BoletaView, _req, filas) => filas.findRow('dte_emission', r.emision_id))
  resend(@Param() p: EmisionIdParamDto): Promise<BoletaView> {
    return this.boletas.resend(p.emision_id);
  }
}
