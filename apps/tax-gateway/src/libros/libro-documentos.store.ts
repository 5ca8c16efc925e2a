import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import {
  CODIGOS_OTROS_IMP_LIBRO_CV,
  parseDteDocuments,
  TIPOS_DTE_VENTA,
  TIPOS_LIBRO_CV,
  type LibroDetalleInput,
  type LibroGuiaDetalleInput,
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
    if (tipo === 'venta') return (await emisiones(this.db, tenant, periodo).getMany()).map(detalleVenta);
    const propias = (await enviadas(this.db, tenant, [...TIPOS_COMPRA_EMITIDOS], [periodo])).map(detalleVenta);
    return [...(await recepciones(this.db, tenant, periodo).getMany()).map(detalleCompra), ...propias];
  }

  // An IECV book (docs/tax-gateway.md "Books"): ventas sent and not rejected (a rejected DTE is corrected by a new one); compras verified,
  // of a LibroCV_v10.xsd DoctoType, not claimed, and own 46s (retention as OtrosImp); taxes outside ImptoType stay out of OtrosImp.
  async listOfLibro(tenant: string, tipo: 'compra' | 'venta', periodo: string, db: Db = this.db): Promise<LibroDetalleInput[]> {
    if (tipo === 'venta') {
      const rows = await emisiones(db, tenant, periodo)
        .andWhere('x.estado NOT IN (:...noEnviados)', { noEnviados: [...NO_ENVIADOS] })
        .andWhere("x.resultado <> 'rechazado'")
        .getMany();
      return rows.map((e) => conOtrosImp(detalleVenta(e), e));
    }
    const rows = await recepciones(db, tenant, periodo)
      .andWhere('x.tipo_dte IN (:...tipos)', { tipos: [...TIPOS_LIBRO_CV] })
      .andWhere('NOT EXISTS (SELECT 1 FROM recepcion_evento e WHERE e.recepcion_id = x.id AND e.accion IN (:...reclamos))', {
        reclamos: RECLAMOS,
      })
      .getMany();
    const propias = await enviadas(db, tenant, [...TIPOS_COMPRA_EMITIDOS], [periodo]);
    return [...rows.map((r) => conOtrosImp(detalleCompra(r), r)), ...propias.map((e) => conOtrosImp(detalleVenta(e), e))].sort(
      (a, b) => a.tipoDoc - b.tipoDoc || a.folio - b.folio,
    );
  }

  // A LibroGuia (docs/tax-gateway.md "Books"): guías sent and not rejected, `anuladas` voided, each with the factura (33, 34) of that
  // month or the next that references it (Ley sobre Impuesto a las Ventas y Servicios art. 55: invoiced by the 10th of the next month).
  async listGuias(tenant: string, periodo: string, anuladas: readonly number[], db: Db): Promise<LibroGuiaDetalleInput[]> {
    const guias = await enviadas(db, tenant, [52], [periodo]);
    const facturas = await enviadas(db, tenant, [33, 34], [periodo, mesSiguiente(periodo)]);
    const facturaDe = new Map<number, LibroGuiaDetalleInput['referencia']>();
    for (const f of facturas) {
      for (const r of parseDteDocuments(f.xml)[0]?.referencias ?? []) {
        if (r.tipo_doc === '52' && !facturaDe.has(Number(r.folio))) {
          facturaDe.set(Number(r.folio), { tipoDoc: f.tipoDte, folio: f.folio, fecha: f.fechaEmision });
        }
      }
    }
    return guias.map((g) => ({
      folio: g.folio,
      ...(anuladas.includes(g.folio) ? { anulado: 2 as const } : {}),
      indTraslado: parseDteDocuments(g.xml)[0]?.ind_traslado ?? 1,
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
function enviadas(db: Db, tenant: string, tipos: number[], periodos: string[]): Promise<EmisionEntity[]> {
  return db
    .getRepository(EmisionEntity)
    .createQueryBuilder('x')
    .where('x.tenant = :tenant', { tenant })
    .andWhere('x.tipo_dte IN (:...tipos)', { tipos })
    .andWhere("to_char(x.fecha_emision, 'YYYY-MM') IN (:...periodos)", { periodos })
    .andWhere('x.estado NOT IN (:...noEnviados)', { noEnviados: [...NO_ENVIADOS] })
    .andWhere("x.resultado <> 'rechazado'")
    .orderBy('x.folio')
    .getMany();
}

function mesSiguiente(periodo: string): string {
  const [anio, mes] = periodo.split('-').map(Number);
  return mes === 12 ? `${anio + 1}-01` : `${anio}-${String(mes + 1).padStart(2, '0')}`;
}

const MES = "to_char(x.fecha_emision, 'YYYY-MM') = :periodo";

/** What the tenant issues as the buyer: a factura de compra (46) is in its purchases (SII, set de pruebas "Libro de Compras"). */
const TIPOS_COMPRA_EMITIDOS = [46] as const;

/** The tenant's sales (TIPOS_DTE_VENTA): not its guías, boletas or facturas de compra. */
function emisiones(db: Db, tenant: string, periodo: string): SelectQueryBuilder<EmisionEntity> {
  return db
    .getRepository(EmisionEntity)
    .createQueryBuilder('x')
    .where('x.tenant = :tenant', { tenant })
    .andWhere('x.tipo_dte IN (:...ventas)', { ventas: [...TIPOS_DTE_VENTA] })
    .andWhere(MES, { periodo })
    .orderBy('x.tipo_dte')
    .addOrderBy('x.folio');
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
const detalleCompra = (r: RecepcionEntity) => detalle(r, r.rutEmisor, r.razonSocialEmisor);

/** A book line with the OtrosImp of its document's additional taxes (TasaImp left out when the document states none: minOccurs 0). */
function conOtrosImp(d: LibroDetalleInput, doc: EmisionEntity | RecepcionEntity): LibroDetalleInput {
  const otros = (doc.montosDetalle?.impuestos_adicionales ?? [])
    .filter((i) => CODIGOS_OTROS_IMP_LIBRO_CV.includes(i.codigo))
    .map((i) => ({ codigo: i.codigo, tasa: i.tasa, monto: i.monto }));
  return otros.length > 0 ? { ...d, otrosImpuestos: otros } : d;
}
