import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res, applyDecorators } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Caller, Callers } from '@lib/auth';
import { MULTIPART_BODY, validationProblem } from '@lib/platform';
import { ApiProblemResponses } from '@lib/schemas';
import { fileRequired, readFileUpload } from '../common/file-upload.reader';
import { SIGNER_PROBLEMS } from '../sii/sii-problems';
import {
  RecepcionDetailView,
  RecepcionEnvioView,
  RecepcionIdParamDto,
  RecepcionListQueryDto,
  RecepcionPageView,
  ReciboBodyDto,
  RecibirDteDto,
  RespuestaView,
  ResultadoBodyDto,
} from './dto/recepcion.dto';
import { RecepcionRespuestasService } from './recepcion-respuestas.service';
import { MAX_RECEPCION_BYTES, RecepcionService } from './recepcion.service';
import { toRecepcionView } from './recepcion.views';
import { RecepcionStore } from './recepcion.store';
import { Auditar } from '../auditoria/auditar.decorator';

/** The answer, problems and receipt of a commercial answer to the supplier; `conflict` is its own 409 (one answer per DTE). */
const RespuestaRoute = (conflict: string): MethodDecorator =>
  applyDecorators(
    ApiCreatedResponse({ type: RespuestaView }),
    ApiProblemResponses(
      400,
      401,
      403,
      { status: 404, errors: ['recepcion_not_found'] },
      { status: 409, errors: [conflict, 'recepcion_rejected'] },
      { status: 422, errors: ['text_invalid'] },
      { status: 500, errors: ['xsd_invalid', 'internal_error'] },
      ...SIGNER_PROBLEMS,
    ),
    Auditar('recepcion_respuesta', async (r: RespuestaView, req, filas) => ({
      ...(await filas.findRow('recepcion', req.params.recepcion_id)),
      recurso: r.respuesta_id,
      sha256: r.sha256,
    })),
  );

@ApiTags('recepcion')
@Controller('tax/recepcion')
export class RecepcionController {
  constructor(
    private readonly recepciones: RecepcionService,
    private readonly respuestas: RecepcionRespuestasService,
    private readonly store: RecepcionStore,
  ) {}

  @Post('dte')
  @Callers('admin', 'accounting', 'mailer')
  @HttpCode(201)
  // Spec 1 "Limits": 60 receptions per minute, keyed by caller + tenant (platform throttler).
  @Throttle({ default: { limit: 60, ttl: 60_000 } })
  @ApiOperation({
    summary:
      "Receive a supplier's EnvioDTE (or a standalone DTE): verify it, answer with a signed RecepcionEnvio; 200 with the stored result when the same bytes came before",
  })
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiExtraModels(RecibirDteDto)
  @ApiBody({
    schema: {
      oneOf: [
        { $ref: getSchemaPath(RecibirDteDto) },
        {
          type: 'object',
          required: ['tenant', 'file'],
          properties: { tenant: { type: 'string', example: '76086428-5' }, file: { type: 'string', format: 'binary' } },
        },
      ],
    },
  })
  @ApiCreatedResponse({ type: RecepcionEnvioView })
  @ApiOkResponse({ type: RecepcionEnvioView, description: 'The same file was received before: its stored result' })
  @ApiProblemResponses(
    400,
    401,
    403,
    { status: 413, errors: ['payload_too_large'] },
    { status: 422, errors: ['encoding_invalid', 'dte_unreadable', 'tipo_dte_unsupported', 'fecha_out_of_range'] },
    { status: 429, errors: ['rate_limited'] },
    { status: 500, errors: ['xsd_invalid', 'internal_error'] },
    ...SIGNER_PROBLEMS,
  )
  async receive(
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Caller() caller?: string,
  ): Promise<RecepcionEnvioView> {
    const input = await this.input(req);
    const { nuevo, ...result } = await this.recepciones.receive(input.tenant, input.bytes, input.nombre, caller);
    reply.status(nuevo ? 201 : 200);
    return result;
  }

  @Get()
  @Callers('admin', 'assistant', 'accounting', 'mailer')
  @ApiOperation({ summary: "A tenant's received DTEs, newest first (filters: rut_emisor, tipo_dte, periodo, estado)" })
  @ApiOkResponse({ type: RecepcionPageView })
  @ApiProblemResponses(400, 401, 403)
  async list(@Query() q: RecepcionListQueryDto): Promise<RecepcionPageView> {
    const page = await this.store.findPage(q);
    return { items: page.items.map(toRecepcionView), total: page.total, limit: q.limit, offset: q.offset };
  }

  @Get(':recepcion_id')
  @Callers('admin', 'assistant', 'accounting', 'mailer')
  @ApiOperation({ summary: 'A received DTE: verification results, the file as received and every answer, as base64 of the exact bytes' })
  @ApiOkResponse({ type: RecepcionDetailView })
  @ApiProblemResponses(400, 401, 403, { status: 404, errors: ['recepcion_not_found'] })
  detail(@Param() p: RecepcionIdParamDto): Promise<RecepcionDetailView> {
    return this.recepciones.detail(p.recepcion_id);
  }

  @Post(':recepcion_id/resultado')
  @Callers('admin', 'accounting')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Commercial answer to the supplier (RespuestaDTE with ResultadoDTE): aceptado, aceptado_con_reparos or rechazado',
    description:
      'The answer goes to the supplier only: it has no legal effect on its own. Acceptance or a claim with effect (Ley 19.983 ' +
      'art. 3) is the event the SII registers in the RCV: POST /tax/recepcion/{recepcion_id}/aceptar or /reclamar.',
  })
  @RespuestaRoute('resultado_already_issued')
  issueResultado(@Param() p: RecepcionIdParamDto, @Body() body: ResultadoBodyDto): Promise<RespuestaView> {
    return this.respuestas.issueResultado(p.recepcion_id, body);
  }

  @Post(':recepcion_id/recibo')
  @Callers('admin', 'accounting')
  @HttpCode(201)
  @ApiOperation({ summary: 'Receipt of goods or services (EnvioRecibos, Ley 19.983) for a DTE that was not rejected' })
  @RespuestaRoute('recibo_already_issued')
  issueRecibo(@Param() p: RecepcionIdParamDto, @Body() body: ReciboBodyDto): Promise<RespuestaView> {
    return this.respuestas.issueRecibo(p.recepcion_id, body.recinto);
  }

  /** `{tenant, xml_base64, nombre_archivo?}` as JSON, or multipart `tenant` + `file` (up to 5 MB). */
  private async input(req: FastifyRequest): Promise<{ tenant: string; bytes: Buffer; nombre: string }> {
    if (req.isMultipart()) {
      const { fields, file } = await readFileUpload(req, MAX_RECEPCION_BYTES, 'tenant and file');
      const dto = await validated(RecibirDteDto, { tenant: fields.tenant, xml_base64: 'AA==' });
      if (!file || file.length === 0) throw fileRequired();
      return { tenant: dto.tenant, bytes: file, nombre: fields.nombre_archivo?.slice(0, 200) || 'EnvioDTE.xml' };
    }
    const body = (req.body as unknown) === MULTIPART_BODY ? {} : req.body;
    const dto = await validated(RecibirDteDto, body);
    return { tenant: dto.tenant, bytes: Buffer.from(dto.xml_base64, 'base64'), nombre: dto.nombre_archivo ?? 'EnvioDTE.xml' };
  }
}

async function validated<T extends object>(cls: new () => T, plain: unknown): Promise<T> {
  const dto = plainToInstance(cls, plain && typeof plain === 'object' && !Array.isArray(plain) ? plain : {});
  const errors = await validate(dto, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length > 0) throw validationProblem(errors);
  return dto;
}
