import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { CODIGOS_OTROS_IMP_LIBRO_CV, TIPOS_DTE_VENTA, TIPOS_LIBRO_CV, type LibroDetalleInput } from '@lib/dte';
import { NO_ENVIADOS } from '../envio/envio-estados';
import { EmisionEntity } from '../dte/entities/emision.entity';
import { RecepcionEntity } from '../recepcion/entities/recepcion.entity';
import type { MontosColumns } from '../database/montos.columns';

/**
 * RCV claims (RCD, RFP, RFT): the register lists the document as RECLAMADO, outside the purchases it records, so the buyer does not book
 * it.
 */
const RECLAMOS = ['RCD', 'RFP', 'RFT'];

type Db = DataSource | EntityManager;

@Injectable()
export class LibroDocumentosStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * For the RCV reconciliation: ventas are every folio the gateway consumed, compras the received DTEs whose checks held, claimed or not.
   * Notes stay positive.
   */
  async listOfPeriodo(tenant: string, tipo: 'compra' | 'venta', periodo: string): Promise<LibroDetalleInput[]> {
    if (tipo === 'venta') return (await emisiones(this.db, tenant, periodo).getMany()).map(detalleVenta);
    return (await recepciones(this.db, tenant, periodo).getMany()).map(detalleCompra);
  }

  /**
   * What an IECV book holds (docs/tax-gateway.md "Books"): ventas that reached the SII and were not rejected (a rejected DTE is corrected
   * with a new document); compras that verified, of a type LibroCV_v10.xsd DoctoType takes, not claimed in the RCV. Taxes outside ImptoType
   * stay out of OtrosImp.
   */
  async listOfLibro(tenant: string, tipo: 'compra' | 'venta', periodo: string, db: Db = this.db): Promise<LibroDetalleInput[]> {
    if (tipo === 'venta') {
      const rows = await emisiones(db, tenant, periodo)
        .andWhere('x.estado NOT IN (:...noEnviados)', { noEnviados: [...NO_ENVIADOS] })
        .andWhere("x.resultado <> 'rechazado'")
        .getMany();
      return rows.map((e) => ({ ...detalleVenta(e), ...otrosImpuestos(e.montosDetalle?.impuestos_adicionales) }));
    }
    const rows = await recepciones(db, tenant, periodo)
      .andWhere('x.tipo_dte IN (:...tipos)', { tipos: [...TIPOS_LIBRO_CV] })
      .andWhere('NOT EXISTS (SELECT 1 FROM recepcion_evento e WHERE e.recepcion_id = x.id AND e.accion IN (:...reclamos))', {
        reclamos: RECLAMOS,
      })
      .getMany();
    return rows.map((r) => ({ ...detalleCompra(r), ...otrosImpuestos(r.montosDetalle?.impuestos_adicionales) }));
  }
}

const MES = "to_char(x.fecha_emision, 'YYYY-MM') = :periodo";

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

/** OtrosImp of a document's additional taxes (TasaImp left out when the document states none: minOccurs 0). */
function otrosImpuestos(
  impuestos: { codigo: number; tasa: number | null; monto: number }[] | undefined,
): Pick<LibroDetalleInput, 'otrosImpuestos'> {
  const otros = (impuestos ?? [])
    .filter((i) => CODIGOS_OTROS_IMP_LIBRO_CV.includes(i.codigo))
    .map((i) => ({ codigo: i.codigo, tasa: i.tasa, monto: i.monto }));
  return otros.length > 0 ? { otrosImpuestos: otros } : {};
}
