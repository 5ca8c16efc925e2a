import { DataSource, EntityManager } from 'typeorm';
import type { LibroDetalleInput } from '@lib/dte';
import { EmisionEntity } from '../dte/entities/emision.entity';
import { RecepcionEntity } from '../recepcion/entities/recepcion.entity';

/**
 * The Detalle lines of a tenant's book for a month (FchEmis in `periodo`, YYYY-MM), ordered by type and folio:
 * ventas are the DTEs the gateway emitted (every folio it consumed, whatever the SII said: a consumed
 * folio is a document of the period), compras the suppliers' DTEs it received and whose reception checks
 * held (`recibido`). Amounts in CLP as the documents carry them; notes stay positive (the SII subtracts
 * 61 by its type, LibroCV_v10.xsd).
 */
export async function documentosDelPeriodo(
  db: DataSource | EntityManager,
  tenant: string,
  tipo: 'compra' | 'venta',
  periodo: string,
): Promise<LibroDetalleInput[]> {
  const month = "to_char(x.fecha_emision, 'YYYY-MM') = :periodo";
  if (tipo === 'venta') {
    const rows = await db
      .getRepository(EmisionEntity)
      .createQueryBuilder('x')
      .where('x.tenant = :tenant', { tenant })
      .andWhere(month, { periodo })
      .orderBy('x.tipo_dte')
      .addOrderBy('x.folio')
      .getMany();
    return rows.map((e) => ({
      tipoDoc: e.tipoDte,
      folio: e.folio,
      fecha: e.fechaEmision,
      rut: e.receptorRut,
      razonSocial: e.receptorRazonSocial,
      exento: e.exento,
      neto: e.neto,
      iva: e.iva,
      total: e.total,
    }));
  }
  const rows = await db
    .getRepository(RecepcionEntity)
    .createQueryBuilder('x')
    .where('x.tenant = :tenant', { tenant })
    .andWhere("x.estado = 'recibido'")
    .andWhere(month, { periodo })
    .orderBy('x.tipo_dte')
    .addOrderBy('x.folio')
    .getMany();
  return rows.map((r) => ({
    tipoDoc: r.tipoDte,
    folio: r.folio,
    fecha: r.fechaEmision,
    rut: r.rutEmisor,
    razonSocial: r.razonSocialEmisor,
    exento: r.exento,
    neto: r.neto,
    iva: r.iva,
    total: r.total,
  }));
}
