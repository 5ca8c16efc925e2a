import { Injectable, Logger } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import {
  DocumentoInput,
  LIQUIDACION_FACTURA,
  Montos,
  computeTotals,
  esExportacion,
  montosEnPesos,
  santiagoDate,
  totalesExportacion,
} from '@lib/dte';
import { ProblemException, assertFechaEnRango } from '@lib/schemas';
import { CafEntity } from '../caf/entities/caf.entity';
import { EmitirDto, EmitirView } from '@lib/contracts';
import {
  checkDocumentRules,
  checkExportacion,
  checkLiquidacion,
  checkReferencedDocument,
  checkSaldoNotas,
  esNota,
  isReferenciaPropia,
  findReferenciaPropia,
  type DocumentoReferido,
} from './document-rules';
import { asDteProblem, asDteProblemAsync, emisorFrom, preflight, resolucionOf } from './emision-rules';
import { EmisionContexto, type Contexto } from './emision-contexto';
import { EmisionUploader } from './emision-uploader';
import { EmisionStore } from './emision.store';
import { EmisionEntity, type MontosDetalle } from './entities/emision.entity';
import { EnvioBuilder } from './envio-builder';

/** A request with the receptor's canonical legal name, and where that name came from (canonical-data rule). */
type EmitirCanonico = EmitirDto & { razonSocialFuente: 'sii' | 'solicitud' };

// docs/DESIGN.md §4.4 "dte": folio, signing, XSD and insert in one transaction (a failure leaves no row and no used folio), then the
// upload; a failed upload keeps the folio consumed (it may have reached the SII).
@Injectable()
export class EmisionService {
  private readonly logger = new Logger(EmisionService.name);

  constructor(
    private readonly contexto: EmisionContexto,
    private readonly builder: EnvioBuilder,
    private readonly store: EmisionStore,
    private readonly uploader: EmisionUploader,
  ) {}

  async emit(pedido: EmitirDto, caller?: string): Promise<EmitirView> {
    const { fecha, montos } = this.review(pedido);
    const dto = await this.canonicalizeReceptor(pedido);
    const originales = await this.checkReferences(dto, montos);
    const ctx = await this.contexto.load(dto.tenant);
    const doc = this.buildDocumento(dto, fecha, ctx);
    const emission = await this.store.transaction(async (m) => {
      await this.checkSaldo(m, dto, montos, originales);
      const { caf, folio } = await this.takeFolio(m, dto, fecha);
      const xml = await asDteProblemAsync(() => this.builder.build({ ...doc, folio }, caf, ctx.cert.holder_rut, resolucionOf(ctx.emisor)));
      const entity = newEmission(dto, folio, caf.id, fecha, montos, ctx.cert.holder_rut, xml, caller);
      await this.store.insert(m, entity);
      return entity;
    });
    this.logger.log(`emission ${emission.id}: ${emission.tenant} F${emission.folio}T${emission.tipoDte} signed`);
    return this.uploader.upload(emission);
  }

  // ONE EnvioDTE, in order (a certification set, docs/research/sii-protocol.md §10); a document may reference an earlier one by index.
  // Any refusal takes no folio; the upload's outcome is recorded on every document.
  async emitBatch(
    items: { dto: EmitirDto; referenciasLote?: { indice: number; codigo: 1 | 2 | 3; razon: string }[] }[],
    caller?: string,
  ): Promise<{ emisiones: EmisionEntity[]; error?: ProblemException }> {
    const pedidos = items.map((it) => ({ ...it, ...this.review(it.dto, it.referenciasLote ?? []) }));
    const revisados: ((typeof pedidos)[number] & { dto: EmitirCanonico })[] = [];
    for (const it of pedidos) revisados.push({ ...it, dto: await this.canonicalizeReceptor(it.dto) });
    const ctx = await this.contexto.load(items[0].dto.tenant);
    const emisiones = await this.store.transaction(async (m) => {
      const out: { doc: DocumentoInput; caf: CafEntity; entity: EmisionEntity }[] = [];
      for (const it of revisados) {
        const { caf, folio } = await this.takeFolio(m, it.dto, it.fecha);
        const refs = (it.referenciasLote ?? []).map((r) => {
          const original = out[r.indice]?.entity;
          if (!original) throw new ProblemException(422, 'referencia_not_found', `The lote has no earlier document ${r.indice}.`);
          return {
            tipo_doc: String(original.tipoDte),
            folio: String(original.folio),
            fecha: original.fechaEmision,
            codigo: r.codigo,
            razon: r.razon,
          };
        });
        const dto = { ...it.dto, referencias: [...(it.dto.referencias ?? []), ...refs] };
        const doc = { ...this.buildDocumento(dto, it.fecha, ctx), folio };
        out.push({ doc, caf, entity: newEmission(dto, folio, caf.id, it.fecha, it.montos, ctx.cert.holder_rut, Buffer.alloc(0), caller) });
      }
      const xml = await asDteProblemAsync(() => this.builder.buildLote(out, ctx.cert.holder_rut, resolucionOf(ctx.emisor)));
      for (const { entity } of out) {
        Object.assign(entity, { xml, xmlSha256: createHash('sha256').update(xml).digest('hex') });
        await this.store.insert(m, entity);
      }
      return out.map((o) => o.entity);
    });
    this.logger.log(`lote of ${emisiones.length} emissions for ${emisiones[0].tenant} signed in one EnvioDTE`);
    try {
      await this.uploader.upload(emisiones[0]);
      return { emisiones };
    } catch (err) {
      if (err instanceof ProblemException) return { emisiones, error: err };
      throw err;
    }
  }

  /** `refsLote`, references to earlier documents of a lote, count with their CodRef (their folio is not known yet). */
  private review(dto: EmitirDto, refsLote: { codigo: 1 | 2 | 3 }[] = []): { fecha: string; montos: MontosEmision } {
    if (esNota(dto.tipo_dte) && !dto.referencias?.length && refsLote.length === 0) {
      throw new ProblemException(
        422,
        'referencias_required',
        `tipo_dte ${dto.tipo_dte} must reference the document it modifies (referencias).`,
      );
    }
    const fecha = dto.fecha_emision ?? santiagoDate();
    assertFechaEnRango(fecha, 'fecha_emision');
    checkLiquidacion(dto);
    checkExportacion(dto);
    const montos = asDteProblem(() => totalesDe(dto));
    const pendientes = refsLote.map((r) => ({ tipo_doc: '33', folio: '0', fecha, codigo: r.codigo }));
    checkDocumentRules({ ...dto, referencias: [...(dto.referencias ?? []), ...pendientes] }, montos, santiagoDate());
    return { fecha, montos };
  }

  private async canonicalizeReceptor(dto: EmitirDto): Promise<EmitirCanonico> {
    const { razonSocial, fuente } = await this.contexto.receptor(dto.receptor.rut, dto.receptor.razon_social, dto.tenant);
    return { ...dto, receptor: { ...dto.receptor, razon_social: razonSocial }, razonSocialFuente: fuente };
  }

  private buildDocumento(dto: EmitirDto, fecha: string, ctx: Contexto): DocumentoInput {
    const doc: DocumentoInput = {
      tipo_dte: dto.tipo_dte,
      folio: 0,
      fecha_emision: fecha,
      forma_pago: dto.forma_pago,
      fecha_vencimiento: dto.fecha_vencimiento,
      indicador_servicio: dto.indicador_servicio,
      tipo_despacho: dto.tipo_despacho,
      ind_traslado: dto.ind_traslado,
      transporte: dto.transporte && { ...dto.transporte, chofer: dto.transporte.chofer && { ...dto.transporte.chofer } },
      tipo_transaccion_venta: dto.tipo_transaccion_venta,
      tipo_transaccion_compra: dto.tipo_transaccion_compra,
      pagos: dto.pagos?.map((p) => ({ ...p })),
      descuentos_recargos: dto.descuentos_recargos?.map((g) => ({ ...g })),
      comisiones: dto.comisiones?.map((c) => ({ ...c })),
      exportacion: dto.exportacion && {
        ...dto.exportacion,
        aduana: dto.exportacion.aduana && { ...dto.exportacion.aduana, bultos: dto.exportacion.aduana.bultos?.map((b) => ({ ...b })) },
      },
      emisor: emisorFrom(ctx.record, ctx.emisor, dto.codigo_sucursal),
      receptor: { ...dto.receptor },
      detalle: dto.detalle.map((d) => ({ ...d })),
      referencias: dto.referencias?.map((r) => ({
        tipo_doc: r.tipo_doc,
        folio: r.folio,
        fecha: r.fecha,
        codigo: r.codigo,
        razon: r.razon,
        global: r.global,
        rut_otro: r.rut_otro,
      })),
    };
    preflight(doc);
    return doc;
  }

  private takeFolio(m: EntityManager, dto: EmitirDto, fecha: string): Promise<{ caf: CafEntity; folio: number }> {
    return this.contexto.takeFolio(m, dto.tenant, dto.tipo_dte, fecha);
  }

  /** Judged under a lock on the referenced document's row so that concurrent notes on it add up (document-rules `checkSaldoNotas`). */
  private async checkSaldo(m: EntityManager, dto: EmitirDto, montos: Montos, originales: Map<number, DocumentoReferido>): Promise<void> {
    const ref = findReferenciaPropia(dto);
    const original = ref && originales.get(ref.index);
    if (dto.tipo_dte !== 61 || !ref || !original) return;
    checkSaldoNotas(ref.index, montos.total, original, await this.store.sumNotas(m, dto.tenant, ref.tipoDte, ref.folio));
  }

  /** Unless the caller says the document was issued elsewhere (`externo`), by another taxpayer (RUTOtr) or is global (IndGlobal). */
  private async checkReferences(dto: EmitirDto, montos: MontosEmision): Promise<Map<number, DocumentoReferido>> {
    const originales = new Map<number, DocumentoReferido>();
    if (!esNota(dto.tipo_dte)) return originales;
    for (const [i, ref] of (dto.referencias ?? []).entries()) {
      if (!isReferenciaPropia(ref, dto.tipo_dte)) continue;
      const original = await this.store.findIssued(dto.tenant, Number(ref.tipo_doc), Number(ref.folio));
      // An export note annuls in the currency (REF-2-780, docs/research/exportacion.md §4), not in pesos at another rate.
      const moneda = original?.montosDetalle?.exportacion;
      const nota = montos.exportacion;
      checkReferencedDocument(i, ref.codigo, original, dto, montos, moneda && nota ? { original: moneda, nota } : undefined);
      if (original) originales.set(i, original);
    }
    return originales;
  }
}

function newEmission(
  dto: EmitirCanonico,
  folio: number,
  cafId: string,
  fecha: string,
  montos: MontosEmision,
  rutEnvia: string,
  xml: Buffer,
  caller?: string,
): EmisionEntity {
  const propia = findReferenciaPropia(dto);
  return Object.assign(new EmisionEntity(), {
    id: randomUUID(),
    tenant: dto.tenant,
    tipoDte: dto.tipo_dte,
    folio,
    cafId,
    fechaEmision: fecha,
    receptorRut: dto.receptor.rut,
    receptorRazonSocial: dto.receptor.razon_social,
    receptorRazonSocialFuente: dto.razonSocialFuente,
    neto: montos.neto,
    exento: montos.exento,
    iva: montos.iva,
    total: montos.total,
    tasaIva: montos.tasa_iva,
    refTipoDte: propia?.tipoDte ?? null,
    refFolio: propia?.folio ?? null,
    adicionales: montos.impuestos_adicionales.reduce((t, i) => t + i.monto, 0) - montos.iva_retenido,
    ivaRetenido: montos.iva_retenido,
    comisiones: montos.comisiones.neto + montos.comisiones.exento + montos.comisiones.iva,
    garantiaEnvases: montos.garantia_envases,
    montosDetalle: {
      descuentos: montos.descuentos,
      recargos: montos.recargos,
      impuestos_adicionales: montos.impuestos_adicionales,
      no_facturable: montos.no_facturable,
      garantia_envases: montos.garantia_envases,
      ...(montos.iva_no_retenido > 0 ? { iva_no_retenido: montos.iva_no_retenido } : {}),
      ...(dto.tipo_dte === LIQUIDACION_FACTURA ? { comisiones: montos.comisiones } : {}),
      ...(montos.exportacion ? { exportacion: montos.exportacion } : {}),
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

/** A document's totals in CLP, and an export's in its currency too (computed once, in `review`). */
type MontosEmision = Montos & { exportacion?: NonNullable<MontosDetalle['exportacion']> };

/** The document's totals in CLP: an export's are its pesos of OtraMoneda (checkExportacion ran). @throws DteBuildError */
function totalesDe(dto: EmitirDto): MontosEmision {
  if (!esExportacion(dto.tipo_dte) || !dto.exportacion) {
    return computeTotals(dto.tipo_dte, dto.detalle, dto.descuentos_recargos ?? [], dto.comisiones ?? []);
  }
  const m = totalesExportacion(dto.detalle, dto.descuentos_recargos ?? [], dto.exportacion);
  return { ...montosEnPesos(m), exportacion: { moneda: m.moneda, tipo_cambio: m.tipo_cambio, exento: m.exento, total: m.total } };
}
