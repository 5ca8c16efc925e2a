import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { Caller, Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { REENVIO_PROBLEMS, SIGNER_PROBLEMS, UPSTREAM_PROBLEMS, emisionProblems } from '../sii/sii-problems';
import { EmisionDetailView, EmitirDto, EmitirView } from '@lib/contracts';
import { EmisionIdParamDto, EstadoQueryDto, DteEstadoView, PdfQueryDto, PendientesView, PendingQueryDto } from './dto/emision.dto';
import type { FastifyReply } from 'fastify';
import { EmisionPdfService } from './emision-pdf.service';
import { EmisionIntercambioService } from './emision-intercambio.service';
import { EmisionUploader } from './emision-uploader';
import { EmisionQueryService } from './emision-query.service';
import { EmisionService } from './emision.service';
import { Auditar } from '../auditoria/auditar.decorator';

@ApiTags('dte')
@Controller('tax/dte')
export class DteController {
  constructor(
    private readonly emissions: EmisionService,
    private readonly queries: EmisionQueryService,
    private readonly uploader: EmisionUploader,
    private readonly pdfs: EmisionPdfService,
    private readonly intercambios: EmisionIntercambioService,
  ) {}

  @Post('emitir')
  @Callers('admin', 'accounting')
  @HttpCode(201)
  // Spec 1 "Limits": 20 emissions per minute, keyed by caller + tenant (platform throttler).
  @Throttle({ default: { limit: 20, ttl: 60_000 } })
  @ApiOperation({ summary: 'Emit a DTE (33, 34, 43, 46, 52, 56, 61, 110, 111, 112): folio, TED, signatures, XSD check, upload to the SII' })
  @ApiCreatedResponse({ type: EmitirView })
  @ApiProblemResponses(
    ...emisionProblems(
      [
        'referencias_required',
        'all_lines_exempt',
        'taxed_line_in_34',
        'forma_pago_required',
        'ind_traslado_required',
        'comuna_destino_required',
        'ind_traslado_not_applicable',
        'indicador_servicio_not_applicable',
        'codref_required',
        'codref_single_reference',
        'codref2_with_amounts',
        'referencia_not_found',
        'referencia_receptor_mismatch',
        'referencia_exceeds_original',
        'anulacion_monto_mismatch',
        'sucursal_unknown',
        'comisiones_required',
        'comisiones_not_applicable',
        'tipo_doc_liq_required',
        'tipo_doc_liq_not_applicable',
        'exportacion_required',
        'exportacion_not_applicable',
        'receptor_extranjero_required',
        'receptor_ciudad_required',
      ],
      ['xsd_invalid'],
    ),
  )
  @Auditar('emision', (r: EmitirView, _req, filas) => filas.findRow('dte_emission', r.emision_id))
  emit(@Body() body: EmitirDto, @Caller() caller?: string): Promise<EmitirView> {
    return this.emissions.emit(body, caller);
  }

  @Get('pending')
  @Callers('admin', 'accounting')
  @ApiOperation({ summary: 'Pending DTEs of a tenant: never sent, upload failed, or rejected by the SII (oldest first)' })
  @ApiOkResponse({ type: PendientesView })
  @ApiProblemResponses(400, 401, 403)
  pending(@Query() q: PendingQueryDto): Promise<PendientesView> {
    return this.queries.pending(q.tenant, q.tipo_dte);
  }

  @Post(':emision_id/reenviar')
  @Callers('admin')
  @HttpCode(200)
  @Throttle({ default: { limit: 20, ttl: 60_000 } })
  @ApiOperation({
    summary: 'Upload the stored EnvioDTE again (never a new folio, never new bytes); only for a DTE never sent or whose upload failed',
  })
  @ApiOkResponse({ type: EmitirView })
  @ApiProblemResponses(...REENVIO_PROBLEMS)
  @Auditar('reenvio', (r: EmitirView, _req, filas) => filas.findRow('dte_emission', r.emision_id))
  resend(@Param() p: EmisionIdParamDto): Promise<EmitirView> {
    return this.uploader.resend(p.emision_id);
  }

  @Get(':emision_id/pdf')
  @Callers('admin', 'accounting')
  @ApiOperation({
    summary: 'The printed DTE (PDF with the PDF417 timbre), on LETTER or an 80 mm thermal roll. Stored, regenerated if missing',
    description:
      'The printed representation the SII asks for: red box (RUT, document, folio, SII office), issuer, receiver, forma de ' +
      'pago and vencimiento, lines with their discounts and surcharges, references, payment schedule, totals with the ' +
      'global discounts and surcharges, the timbre (PDF417) with "Timbre Electrónico SII", "Res. <NroResol> de <year>" and ' +
      '"Verifique documento: www.sii.cl". `?formato=carta` (default) gives LETTER pages; `?formato=termica` one page 80 mm ' +
      '(226.77 pt) wide as long as the document, for thermal receipt printers (filename `F<folio>T<tipo>-termica.pdf`). ' +
      '`?cedible=true` gives the CEDIBLE copy with the acuse de recibo (Ley 19.983) of a 33 or 34, on LETTER only. ' +
      'Each copy and form is stored once and regenerated when missing.',
  })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiProblemResponses(
    {
      status: 400,
      errors: ['validation_failed'],
      description: 'Bad Request (error: validation_failed): cedible not true/false, formato not carta/termica',
    },
    401,
    403,
    { status: 404, errors: ['emission_not_found'] },
    {
      status: 422,
      errors: ['cedible_not_applicable', 'emisor_incomplete', 'dte_invalid'],
      description:
        'Unprocessable Entity (error: cedible_not_applicable | emisor_incomplete | dte_invalid): cedible_not_applicable for ' +
        'CEDIBLE of a note (56, 61) or on the thermal roll (formato=termica); dte_invalid also for a document longer than ' +
        'one thermal page may be',
    },
    { status: 503, errors: ['pdf_timeout'] },
  )
  async pdf(@Param() p: EmisionIdParamDto, @Query() q: PdfQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const { pdf, filename } = await this.pdfs.pdf(p.emision_id, q.cedible === true, q.formato ?? 'carta');
    reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${filename}"`);
    return pdf;
  }

  @Get(':emision_id/intercambio')
  @Callers('admin', 'accounting', 'mailer')
  @ApiOperation({
    summary: "The EnvioDTE for the DTE's receiver (Caratula RutReceptor = the receptor), to deliver to its intercambio address",
  })
  @ApiProduces('application/xml')
  @ApiOkResponse({ description: 'EnvioDTE, ISO-8859-1', content: { 'application/xml': { schema: { type: 'string' } } } })
  @ApiProblemResponses(
    400,
    401,
    403,
    { status: 404, errors: ['emission_not_found'] },
    { status: 422, errors: ['emisor_incomplete', 'dte_invalid'] },
    { status: 500, errors: ['xsd_invalid', 'internal_error'] },
    ...SIGNER_PROBLEMS,
  )
  async getIntercambio(@Param() p: EmisionIdParamDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const { xml, filename } = await this.intercambios.buildEnvio(p.emision_id);
    reply.header('content-type', 'application/xml; charset=ISO-8859-1').header('content-disposition', `attachment; filename="${filename}"`);
    return xml;
  }

  @Get('estado')
  @Callers('admin', 'assistant', 'accounting')
  @ApiOperation({ summary: 'Upload state of a trackid at the SII (QueryEstUp); updates the stored emission' })
  @ApiOkResponse({ type: DteEstadoView })
  @ApiProblemResponses(400, 401, 403, { status: 409, errors: ['trackid_of_boleta_envio'] }, ...UPSTREAM_PROBLEMS)
  getEstado(@Query() q: EstadoQueryDto): Promise<DteEstadoView> {
    return this.queries.refreshEstado(q.tenant, q.trackid);
  }

  @Get('get/:emision_id')
  @Callers('admin', 'assistant', 'accounting')
  @ApiOperation({ summary: 'An emitted DTE: folio, trackid, estado, amounts, history and the exact uploaded XML' })
  @ApiOkResponse({ type: EmisionDetailView })
  @ApiProblemResponses(400, 401, 403, { status: 404, errors: ['emission_not_found'] })
  get(@Param() p: EmisionIdParamDto): Promise<EmisionDetailView> {
    return this.queries.get(p.emision_id);
  }
}
