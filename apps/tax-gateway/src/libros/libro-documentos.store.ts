import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { CODIGOS_OTROS_IMP_LIBRO_CV, TIPOS_LIBRO_CV, type LibroDetalleInput } from '@lib/dte';
import { PENDING_ESTADOS } from '../dte/emision.store';
import { EmisionEntity } from '../dte/entities/emision.entity';
import { RecepcionEntity } from '../recepcion/entities/recepcion.entity';

/**
 * Commercial claims registered in the RCV (RegistroReclamoDTE): content claimed (RCD), goods missing in part (RFP) or
 * in whole (RFT). The register then lists the document as RECLAMADO, outside the purchases it records (REGISTRO; see
 * ../rcv/rcv.service.ts): the buyer does not book it.
 */
const RECLAMOS = ['RCD', 'RFP', 'RFT'];

type Db = DataSource | EntityManager;

/** The documents of a tenant's month that its books and the RCV reconciliation hold. */
@Injectable()
export class LibroDocumentosStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Every document of a tenant for a month (FchEmis in `periodo`, YYYY-MM), ordered by type and folio, as the RCV
   * reconciliation compares them with the SII's register: ventas are the DTEs the gateway emitted (every folio it
   * consumed, whatever the SII said), compras the suppliers' DTEs it received and whose reception checks held
   * (`recibido`), claimed or not. Amounts in CLP as the documents carry them; notes stay positive.
   */
  async delPeriodo(tenant: string, tipo: 'compra' | 'venta', periodo: string): Promise<LibroDetalleInput[]> {
    if (tipo === 'venta') return (await emisiones(this.db, tenant, periodo).getMany()).map(detalleVenta);
    return (await recepciones(this.db, tenant, periodo).getMany()).map(detalleCompra);
  }

  /**
   * The documents an IECV book of the month holds (docs/tax-gateway.md "Books"), ordered by type and folio, with their
   * additional taxes as OtrosImp (CLP; notes stay positive, the SII subtracts 61 by its type, LibroCV_v10.xsd):
   * - venta: the DTEs the gateway emitted that reached the SII and were not rejected: not in an estado of
   *   PENDING_ESTADOS (never uploaded, upload failed, the envío rejected) and not `resultado = 'rechazado'` (the
   *   document rejected inside an accepted envío). A rejected DTE is not a sale: it is corrected with a new document.
   * - compra: the suppliers' DTEs received with every check holding, of a type the book takes (LibroCV_v10.xsd
   *   DoctoType, @lib/dte TIPOS_LIBRO_CV: a guía de despacho 52 is left out) and without a commercial claim
   *   registered in the RCV (recepcion_evento RCD, RFP or RFT).
   * An additional tax whose code the book cannot carry (outside LibroCV_v10.xsd ImptoType, e.g. 54 of a received
   * document) stays out of OtrosImp; the document's MntTotal still includes it.
   */
  async delLibro(tenant: string, tipo: 'compra' | 'venta', periodo: string, db: Db = this.db): Promise<LibroDetalleInput[]> {
    if (tipo === 'venta') {
      const rows = await emisiones(db, tenant, periodo)
        .andWhere('x.estado NOT IN (:...pendientes)', { pendientes: [...PENDING_ESTADOS] })
        .andWhere("(x.resultado IS NULL OR x.resultado <> 'rechazado')")
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

function emisiones(db: Db, tenant: string, periodo: string): SelectQueryBuilder<EmisionEntity> {
  return db
    .getRepository(EmisionEntity)
    .createQueryBuilder('x')
    .where('x.tenant = :tenant', { tenant })
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

function detalleVenta(e: EmisionEntity): LibroDetalleInput {
  return {
    tipoDoc: e.tipoDte,
    folio: e.folio,
    fecha: e.fechaEmision,
    rut: e.receptorRut,
    razonSocial: e.receptorRazonSocial,
    exento: e.exento,
    neto: e.neto,
    iva: e.iva,
    total: e.total,
  };
}

function detalleCompra(r: RecepcionEntity): LibroDetalleInput {
  return {
    tipoDoc: r.tipoDte,
    folio: r.folio,
    fecha: r.fechaEmision,
    rut: r.rutEmisor,
    razonSocial: r.razonSocialEmisor,
    exento: r.exento,
    neto: r.neto,
    iva: r.iva,
    total: r.total,
  };
}

/** OtrosImp of a document's additional taxes (TasaImp left out when the document states none: minOccurs 0). */
function otrosImpuestos(
  impuestos: { codigo: number; tasa: number | null; monto: number }[] | undefined,
): Pick<LibroDetalleInput, 'otrosImpuestos'> {
  const otros = (impuestos ?? [])
    .filter((i) => CODIGOS_OTROS_IMP_LIBRO_CV.includes(i.codigo))
    .map((i) => ({ codigo: i.codigo, tasa: i.tasa, monto: i.monto }));
  return otros.length > 0 ? { otrosImpuestos: otros } : {};
}
