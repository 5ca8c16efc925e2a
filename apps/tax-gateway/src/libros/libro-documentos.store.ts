import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import {
  CODIGOS_OTROS_IMP_LIBRO_CV,
  DteParseError,
  mesSiguiente,
  parseDteDocuments,
  RETENCIONES_IVA,
  TASA_IVA,
  TIPOS_DTE_VENTA,
  TIPOS_LIBRO_CV,
  type LibroDetalleInput,
  type LibroGuiaDetalleInput,
  type ParsedDte,
} from '@lib/dte';
import { NO_ENVIADOS } from '../envio/envio-estados';
import { EmisionEntity } from '../dte/entities/emision.entity';
import { RecepcionEntity } from '../recepcion/entities/recepcion.entity';
import type { MontosColumns } from '../database/montos.columns';

/** RCV claims: the register lists the document as RECLAMADO, outside the purchases it records, so the buyer does not book it. */
const RECLAMOS = ['RCD', 'RFP', 'RFT'];

type Db = DataSource | EntityManager;

@Injectable()
export class LibroDocumentosStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** For the RCV reconciliation: ventas every folio consumed, compras the received DTEs that verified, claimed or not; notes positive. */
  async listOfPeriodo(tenant: string, tipo: 'compra' | 'venta', periodo: string): Promise<LibroDetalleInput[]> {
    if (tipo === 'venta') {
      const recibidas = await facturasCompraRecibidas(this.db, tenant, periodo).getMany();
      return [...(await emisiones(this.db, tenant, periodo).getMany()).map(detalleVenta), ...recibidas.map(detalleVentaRecibida)];
    }
    const propias = (await comprasPropias(this.db, tenant, periodo)).map(detalleCompraPropia);
    const recibidas = await recepciones(this.db, tenant, periodo).andWhere('x.tipo_dte <> :fc', { fc: FACTURA_COMPRA }).getMany();
    return [...recibidas.map(detalleCompra), ...propias];
  }

  // An IECV book (docs/tax-gateway.md "Books"): ventas sent and not rejected (a rejected DTE is corrected by a new one); compras verified,
  // of a LibroCV_v10.xsd DoctoType, not claimed, and own 46s with their notes (retention as OtrosImp); taxes outside ImptoType stay out.
  async listOfLibro(tenant: string, tipo: 'compra' | 'venta', periodo: string, db: Db = this.db): Promise<LibroDetalleInput[]> {
    if (tipo === 'venta') {
      const rows = await emisiones(db, tenant, periodo)
        .andWhere('x.estado NOT IN (:...noEnviados)', { noEnviados: [...NO_ENVIADOS] })
        .andWhere("x.resultado <> 'rechazado'")
        .getMany();
      const recibidas = await sinReclamo(facturasCompraRecibidas(db, tenant, periodo)).getMany();
      return [
        ...rows.map((e) => conOtrosImp(detalleVenta(e), e.montosDetalle?.impuestos_adicionales)),
        ...recibidas.map(detalleVentaRecibida),
      ].sort((a, b) => a.tipoDoc - b.tipoDoc || a.folio - b.folio);
    }
    const rows = await sinReclamo(
      recepciones(db, tenant, periodo).andWhere('x.tipo_dte IN (:...tipos)', {
        tipos: TIPOS_LIBRO_CV.filter((t) => t !== FACTURA_COMPRA),
      }),
    ).getMany();
    const propias = await comprasPropias(db, tenant, periodo);
    return [
      ...rows.map((r) => conOtrosImp(detalleCompra(r), r.montosDetalle?.impuestos_adicionales)),
      ...propias.map((e) => conOtrosImp(detalleCompraPropia(e), e.montosDetalle?.impuestos_adicionales)),
    ].sort((a, b) => a.tipoDoc - b.tipoDoc || a.folio - b.folio);
  }

  // A LibroGuia (docs/tax-gateway.md "Books"): guías sent and not rejected, `anuladas` voided, each with the factura (33, 34) of that
  // month or the next that references it (Ley sobre Impuesto a las Ventas y Servicios art. 55: invoiced by the 10th of the next month).
  async listGuias(tenant: string, periodo: string, anuladas: readonly number[], db: Db): Promise<LibroGuiaDetalleInput[]> {
    const guias = await enviadas(db, tenant, [52], [periodo]).getMany();
    const facturas = await enviadas(db, tenant, [33, 34], [periodo, mesSiguiente(periodo)]).getMany();
    const dteDe = documentosDe();
    const facturaDe = new Map<number, LibroGuiaDetalleInput['referencia']>();
    for (const f of facturas) {
      for (const r of dteDe(f).referencias) {
        if (r.tipo_doc === '52' && !facturaDe.has(Number(r.folio))) {
          facturaDe.set(Number(r.folio), { tipoDoc: f.tipoDte, folio: f.folio, fecha: f.fechaEmision });
        }
      }
    }
    return guias.map((g) => ({
      folio: g.folio,
      ...(anuladas.includes(g.folio) ? { anulado: 2 as const } : {}),
      indTraslado: indTraslado(dteDe(g), g),
      fecha: g.fechaEmision,
      rut: g.receptorRut,
      razonSocial: g.receptorRazonSocial,
      neto: g.neto,
      tasaIva: g.iva > 0 ? g.tasaIva : null,
      iva: g.iva,
      total: g.total,
      ...(facturaDe.has(g.folio) ? { referencia: facturaDe.get(g.folio) } : {}),
    }));
  }
}

/** The tenant's documents of `tipos` issued in `periodos` that reached the SII and were not rejected, by folio. */
function enviadas(db: Db, tenant: string, tipos: number[], periodos: string[]): SelectQueryBuilder<EmisionEntity> {
  return db
    .getRepository(EmisionEntity)
    .createQueryBuilder('x')
    .where('x.tenant = :tenant', { tenant })
    .andWhere('x.tipo_dte IN (:...tipos)', { tipos })
    .andWhere("to_char(x.fecha_emision, 'YYYY-MM') IN (:...periodos)", { periodos })
    .andWhere('x.estado NOT IN (:...noEnviados)', { noEnviados: [...NO_ENVIADOS] })
    .andWhere("x.resultado <> 'rechazado'")
    .orderBy('x.folio');
}

/** Each DTE of the stored EnvioDTEs, the envelope parsed once however many of its documents are asked for. */
function documentosDe(): (e: EmisionEntity) => ParsedDte {
  const parsed = new Map<string, ParsedDte[]>();
  return (e) => {
    const dtes = parsed.get(e.xmlSha256) ?? parseDteDocuments(e.xml);
    parsed.set(e.xmlSha256, dtes);
    const dte = dtes.find((d) => d.tipo_dte === e.tipoDte && d.folio === e.folio);
    if (!dte) throw new DteParseError(`the EnvioDTE holds no DTE ${e.tipoDte} N° ${e.folio}`);
    return dte;
  };
}

const MES = "to_char(x.fecha_emision, 'YYYY-MM') = :periodo";

/** A factura de compra (46): the buyer issues it, so it and its notes are in the issuer's purchases (LibroCV_v10.xsd IndFactCompra). */
const FACTURA_COMPRA = 46;

/** The tenant's sales (TIPOS_DTE_VENTA): not its guías, boletas, facturas de compra nor the notes on those. */
function emisiones(db: Db, tenant: string, periodo: string): SelectQueryBuilder<EmisionEntity> {
  return db
    .getRepository(EmisionEntity)
    .createQueryBuilder('x')
    .where('x.tenant = :tenant', { tenant })
    .andWhere('x.tipo_dte IN (:...ventas)', { ventas: [...TIPOS_DTE_VENTA] })
    .andWhere('x.ref_tipo_dte IS DISTINCT FROM :fc', { fc: FACTURA_COMPRA })
    .andWhere(MES, { periodo })
    .orderBy('x.tipo_dte')
    .addOrderBy('x.folio');
}

type Impuesto = { codigo: number; tasa: number | null; monto: number };

/** Received DTEs without a commercial claim in the RCV. */
function sinReclamo(q: SelectQueryBuilder<RecepcionEntity>): SelectQueryBuilder<RecepcionEntity> {
  return q.andWhere('NOT EXISTS (SELECT 1 FROM recepcion_evento e WHERE e.recepcion_id = x.id AND e.accion IN (:...reclamos))', {
    reclamos: RECLAMOS,
  });
}

/** Facturas de compra (46) the tenant received: its buyer issued them, so they are the tenant's sales (LibroCV_v10.xsd "(LV)"). */
function facturasCompraRecibidas(db: Db, tenant: string, periodo: string): SelectQueryBuilder<RecepcionEntity> {
  return recepciones(db, tenant, periodo).andWhere('x.tipo_dte = :fc', { fc: FACTURA_COMPRA });
}

/**
 * A received 46 as a sale: the buyer is RUTDoc, the IVA its retention codes took (Formato DTE v2.2 §4) is IVARetTotal when the code
 * retains the whole IVA rate, IVARetParcial otherwise; the retentions are not OtrosImp, the other taxes are.
 */
function detalleVentaRecibida(r: RecepcionEntity): LibroDetalleInput {
  const impuestos = r.montosDetalle?.impuestos_adicionales ?? [];
  const retenido = (total: boolean) =>
    impuestos
      .filter((i) => i.codigo in RETENCIONES_IVA && (RETENCIONES_IVA[i.codigo] === TASA_IVA) === total)
      .reduce((t, i) => t + i.monto, 0);
  const otros = conOtrosImp(
    detalleCompra(r),
    impuestos.filter((i) => !(i.codigo in RETENCIONES_IVA)),
  );
  return { ...otros, ivaRetenido: { total: retenido(true), parcial: retenido(false) } };
}

/** The tenant's own purchases: its facturas de compra and the notes on them, sent and not rejected. */
function comprasPropias(db: Db, tenant: string, periodo: string): Promise<EmisionEntity[]> {
  return enviadas(db, tenant, [FACTURA_COMPRA, 56, 61], [periodo])
    .andWhere('(x.tipo_dte = :fc OR x.ref_tipo_dte = :fc)', { fc: FACTURA_COMPRA })
    .getMany();
}

/** IdDoc/IndTraslado of a stored guía (always written by this gateway, Formato DTE v2.2 §A: obligatory on a 52). */
function indTraslado(dte: ParsedDte, g: EmisionEntity): number {
  const ind = dte.ind_traslado;
  if (ind === undefined) throw new DteParseError(`guía ${g.folio} has no IndTraslado`);
  return ind;
}

function recepciones(db: Db, tenant: string, periodo: string): SelectQueryBuilder<RecepcionEntity> {
  return db
    .getRepository(RecepcionEntity)
    .createQueryBuilder('x')
    .where('x.tenant = :tenant', { tenant })
    .andWhere("x.estado = 'recibido'")
    .andWhere(MES, { periodo })
    .orderBy('x.tipo_dte')
    .addOrderBy('x.folio');
}

/** A book line of an emitted (the receptor's RUT) or received (the emisor's RUT) document. */
function detalle(
  d: MontosColumns & { tipoDte: number; folio: number; fechaEmision: string },
  rut: string,
  razonSocial: string,
): LibroDetalleInput {
  return {
    tipoDoc: d.tipoDte,
    folio: d.folio,
    fecha: d.fechaEmision,
    rut,
    razonSocial,
    exento: d.exento,
    neto: d.neto,
    iva: d.iva,
    total: d.total,
  };
}

const detalleVenta = (e: EmisionEntity) => detalle(e, e.receptorRut, e.receptorRazonSocial);
/** A note on a factura de compra is marked so (Emisor, IndFactCompra 1); the 46 itself is an ordinary line of the purchases book. */
const detalleCompraPropia = (e: EmisionEntity) => ({
  ...detalleVenta(e),
  ...(e.tipoDte !== FACTURA_COMPRA ? { notaFacturaCompra: true } : {}),
});
const detalleCompra = (r: RecepcionEntity) => detalle(r, r.rutEmisor, r.razonSocialEmisor);

/** A book line with the OtrosImp of its document's additional taxes (TasaImp left out when the document states none: minOccurs 0). */
function conOtrosImp(d: LibroDetalleInput, impuestos: Impuesto[] = []): LibroDetalleInput {
  const otros = impuestos
    .filter((i) => CODIGOS_OTROS_IMP_LIBRO_CV.includes(i.codigo))
    .map((i) => ({ codigo: i.codigo, tasa: i.tasa, monto: i.monto }));
  return otros.length > 0 ? { ...d, otrosImpuestos: otros } : d;
}
