import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { SIGNER_PROBLEMS, UPSTREAM_PROBLEMS } from '../sii/sii-problems';
import { GenerarLibroDto, LibroDetailView, LibroView, LibroIdParamDto, LibroListQueryDto, LibroPageView } from './dto/libro.dto';
import { LibrosService } from './libros.service';
import { Auditar } from '../auditoria/auditar.decorator';

@ApiTags('libros')
@Controller('tax/libros')
export class LibrosController {
  constructor(private readonly libros: LibrosService) {}

  @Post('generar')
  @Callers('admin', 'accounting')
  @HttpCode(201)
  @ApiOperation({
    summary:
      "Build the month's LibroCompraVenta (IECV) from the gateway's emissions (venta) or receptions (compra), or its LibroGuia: signed, XSD-valid, a new version",
    description:
      'venta: the emitted DTEs the SII received and did not reject; compra: the received DTEs of a LibroCV type without a claim in the RCV, ' +
      "with the tenant's iva_compras (IVA de uso común, IVA no recuperable) and factor_proporcionalidad. 422 documento_not_found names " +
      'the iva_compras line that matches no document of the book; iva_compra_conflict a line with both flags or a document listed twice. ' +
      'guia: the guías de despacho sent in the month, a special book the SII asks for (folio_notificacion), those in guias_anuladas ' +
      'as voided (422 guia_not_found for a folio the book does not hold, guia_invoiced for one a factura references).',
  })
  @ApiCreatedResponse({ type: LibroView })
  @ApiProblemResponses(
    400,
    401,
    403,
    {
      status: 422,
      errors: [
        'emisor_incomplete',
        'dte_invalid',
        'documento_not_found',
        'iva_compra_conflict',
        'factor_proporcionalidad_required',
        'guia_not_found',
        'guia_invoiced',
      ],
    },
    { status: 500, errors: ['xsd_invalid', 'internal_error'] },
    ...SIGNER_PROBLEMS,
  )
  generate(@Body() body: GenerarLibroDto, @Caller() caller?: string): Promise<LibroView> {
    return this.libros.generate(body, caller);
  }

  @Post('enviar/:libro_id')
  @Callers('admin', 'accounting')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Upload the stored book to the SII (DTEUpload) and keep the trackid; only a book never sent (signed) or whose upload failed',
  })
  @ApiOkResponse({ type: LibroView })
  @ApiProblemResponses(
    400,
    401,
    403,
    { status: 404, errors: ['libro_not_found'] },
    { status: 409, errors: ['libro_not_sendable'] },
    ...UPSTREAM_PROBLEMS,
  )
  @Auditar('libro_envio', (r: LibroView) => ({ tenant: r.tenant, recurso: r.libro_id, sha256: r.sha256 }))
  send(@Param() p: LibroIdParamDto): Promise<LibroView> {
    return this.libros.send(p.libro_id);
  }

  @Get()
  @Callers('admin', 'assistant', 'accounting')
  @ApiOperation({ summary: "A tenant's books, newest first (filters: tipo, periodo, estado)" })
  @ApiOkResponse({ type: LibroPageView })
  @ApiProblemResponses(400, 401, 403)
  async list(@Query() q: LibroListQueryDto): Promise<LibroPageView> {
    const page = await this.libros.page(q);
    return { ...page, limit: q.limit, offset: q.offset };
  }

  @Get(':libro_id')
  @Callers('admin', 'assistant', 'accounting')
  @ApiOperation({ summary: 'A book with its bytes and history, as stored (the reconciler follows it at the SII)' })
  @ApiOkResponse({ type: LibroDetailView })
  @ApiProblemResponses(400, 401, 403, { status: 404, errors: ['libro_not_found'] })
  detail(@Param() p: LibroIdParamDto): Promise<LibroDetailView> {
    return this.libros.detail(p.libro_id);
  }
}
