import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DocumentoInput, Montos, computeTotals, santiagoDate } from '@lib/dte';
import { ProblemException, assertFechaEnRango } from '@lib/schemas';
import { assertCafStamps } from '../caf/caf-verification';
import { CafEntity } from '../caf/entities/caf.entity';
import { FolioAllocator } from '../caf/folio-allocator';
import { ContribuyenteService } from '../contribuyente/contribuyente.service';
import { EmisoresService } from '../emisores/emisores.service';
import { SignerClient } from '../signer/signer-client';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { EmitirDto, EmitirResponseDto } from '@lib/contracts';
import { checkDocumentRules, checkReferencedDocument } from './document-rules';
import { asDteProblem, asDteProblemAsync, emisorFrom, preflight, resolucionOf } from './emision-rules';
import { EmisionUploader } from './emision-uploader';
import { EmisionStore } from './emision.store';
import { EmisionEntity } from './entities/emision.entity';
import { EnvioBuilder } from './envio-builder';

/**
 * POST /tax/dte/emitir (docs/DESIGN.md §4.4 "dte"). Two phases:
 * 1. One transaction: take the folio (FolioAllocator), build and sign TED, Documento and EnvioDTE,
 *    validate the XSD, insert the emission as `signed` with the exact bytes. Any failure (signer,
 *    XSD, bad data) rolls everything back: no emission row, and the folio was never used.
 * 2. Upload those bytes. Success: `uploaded` + trackid. Failure: `upload_failed`, the folio stays
 *    consumed (the document may have reached the SII and folios are never reused), and the caller
 *    gets the problem with `emision_id` and `folio`.
 */
@Injectable()
export class EmisionService {
  private readonly logger = new Logger(EmisionService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(TAX_SETTINGS) private readonly settings: TaxSettings,
    private readonly contribuyente: ContribuyenteService,
    private readonly emisores: EmisoresService,
    private readonly folios: FolioAllocator,
    private readonly builder: EnvioBuilder,
    private readonly signer: SignerClient,
    private readonly store: EmisionStore,
    private readonly uploader: EmisionUploader,
  ) {}

  async emit(dto: EmitirDto, caller?: string): Promise<EmitirResponseDto> {
    if ((dto.tipo_dte === 56 || dto.tipo_dte === 61) && !dto.referencias?.length) {
      throw new ProblemException(
        422,
        'referencias_required',
        `tipo_dte ${dto.tipo_dte} must reference the document it modifies (referencias).`,
      );
    }
    const fecha = dto.fecha_emision ?? santiagoDate();
    assertFechaEnRango(fecha, 'fecha_emision');
    const montos = asDteProblem(() => computeTotals(dto.tipo_dte, dto.detalle, dto.descuentos_recargos ?? []));
    checkDocumentRules(dto, montos, santiagoDate());
    await this.checkReferences(dto, montos);
    const emisor = await this.emisores.forEmission(dto.tenant);
    // The issuer's legal data comes only from contribuyente/datos (docs/tax-gateway.md "Canonical data").
    const { record } = await this.contribuyente.lookup(dto.tenant, dto.tenant);
    const cert = await this.signer.certificate();
    const doc: DocumentoInput = {
      tipo_dte: dto.tipo_dte,
      folio: 0,
      fecha_emision: fecha,
      forma_pago: dto.forma_pago,
      fecha_vencimiento: dto.fecha_vencimiento,
      indicador_servicio: dto.indicador_servicio,
      tipo_transaccion_venta: dto.tipo_transaccion_venta,
      tipo_transaccion_compra: dto.tipo_transaccion_compra,
      pagos: dto.pagos?.map((p) => ({ ...p })),
      descuentos_recargos: dto.descuentos_recargos?.map((g) => ({ ...g })),
      emisor: emisorFrom(record, emisor),
      receptor: { ...dto.receptor },
      detalle: dto.detalle.map((d) => ({ ...d })),
      referencias: dto.referencias?.map((r) => ({
        tipo_doc: r.tipo_doc,
        folio: r.folio,
        fecha: r.fecha,
        codigo: r.codigo,
        razon: r.razon,
      })),
    };
    preflight(doc);
    const emission = await this.db.transaction(async (m) => {
      const { cafId, folio } = await this.folios.take(m, dto.tenant, dto.tipo_dte, santiagoDate());
      const caf = await m.findOneByOrFail(CafEntity, { id: cafId });
      // A refusal here rolls the transaction back: the folio is not consumed.
      assertCafStamps(caf, fecha, this.settings.taxEnv, this.settings.simCafCertificatePem !== undefined);
      const xml = await asDteProblemAsync(() => this.builder.build({ ...doc, folio }, caf, cert.holder_rut, resolucionOf(emisor)));
      const entity = newEmission(dto, folio, cafId, fecha, montos, cert.holder_rut, xml, caller);
      await this.store.insert(m, entity);
      return entity;
    });
    this.logger.log(`emission ${emission.id}: ${emission.tenant} F${emission.folio}T${emission.tipoDte} signed`);
    return this.uploader.upload(emission);
  }

  /** A note's references to the tenant's own DTEs must name documents this gateway emitted. */
  private async checkReferences(dto: EmitirDto, montos: Montos): Promise<void> {
    if (dto.tipo_dte !== 56 && dto.tipo_dte !== 61) return;
    for (const [i, ref] of (dto.referencias ?? []).entries()) {
      const tipo = Number(ref.tipo_doc);
      if (!OWN_DTE_TYPES.has(tipo) || !/^\d{1,18}$/.test(ref.folio)) continue;
      const original = await this.store.findIssued(dto.tenant, tipo, Number(ref.folio));
      checkReferencedDocument(i, ref.codigo, original, dto, montos);
    }
  }
}

/** DTE types this gateway emits: a reference to one of them is a reference to the tenant's own document. */
const OWN_DTE_TYPES: ReadonlySet<number> = new Set([33, 34, 56, 61]);

function newEmission(
  dto: EmitirDto,
  folio: number,
  cafId: string,
  fecha: string,
  montos: Montos,
  rutEnvia: string,
  xml: Buffer,
  caller?: string,
): EmisionEntity {
  return Object.assign(new EmisionEntity(), {
    id: randomUUID(),
    tenant: dto.tenant,
    tipoDte: dto.tipo_dte,
    folio,
    cafId,
    fechaEmision: fecha,
    receptorRut: dto.receptor.rut,
    receptorRazonSocial: dto.receptor.razon_social,
    neto: montos.neto,
    exento: montos.exento,
    iva: montos.iva,
    total: montos.total,
    tasaIva: montos.tasa_iva,
    adicionales: montos.impuestos_adicionales.reduce((t, i) => t + i.monto, 0),
    montosDetalle: {
      descuentos: montos.descuentos,
      recargos: montos.recargos,
      impuestos_adicionales: montos.impuestos_adicionales,
      no_facturable: montos.no_facturable,
    },
    estado: 'signed',
    glosa: null,
    trackid: null,
    rutEnvia,
    xml,
    xmlSha256: createHash('sha256').update(xml).digest('hex'),
    documentos: null,
    error: null,
    caller: caller ?? null,
    uploadedAt: null,
  });
}
