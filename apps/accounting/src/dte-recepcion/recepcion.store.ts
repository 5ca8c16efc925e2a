import { Injectable } from '@nestjs/common';
import { AccountingStore, Tx } from '../common/accounting.store';
import { FacturaView } from './dto/recepcion.view';
import { ReceivedDte } from './received-dte';

const FACTURA_VIEW = `f.id, f.empresa_id, f.tipo_dte, f.folio, f.rut_emisor, f.razon_social_emisor, f.fecha_emision::text AS fecha_emision,
  f.neto, f.exento, f.iva, f.total, f.asiento_id, a.numero AS asiento_numero`;

type Numerics = 'folio' | 'neto' | 'exento' | 'iva' | 'total';

/** A `factura` row with its entry's number, numerics as text. */
export type FacturaRow = Omit<FacturaView, Numerics | 'duplicada'> & Record<Numerics, string>;

/** Received DTEs (`factura`). */
@Injectable()
export class RecepcionStore extends AccountingStore {
  /** Claims the DTE's natural key (empresa, RUT emisor, tipo, folio); undefined when it was received before. */
  async claimFactura(tx: Tx, empresaId: string, dte: ReceivedDte, origen: string, caller: string): Promise<string | undefined> {
    const m = dte.montos;
    const [claimed] = await tx.query(
      `INSERT INTO factura (empresa_id, rut_emisor, razon_social_emisor, tipo_dte, folio, fecha_emision, neto, exento, iva, total,
                            xml, xml_sha256, origen, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT ON CONSTRAINT factura_natural_uq DO NOTHING RETURNING id`,
      [
        empresaId,
        dte.emisor.rut,
        dte.emisor.razon_social,
        dte.tipo,
        dte.folio,
        dte.fecha,
        m.neto,
        m.exento,
        m.iva,
        m.total,
        dte.xml,
        dte.xmlSha256,
        origen,
        caller,
      ],
    );
    return claimed?.id;
  }

  async priorFactura(tx: Tx, empresaId: string, dte: ReceivedDte): Promise<string> {
    const [prior] = await tx.query(
      `SELECT f.id FROM factura f WHERE f.empresa_id = $1 AND f.rut_emisor = $2 AND f.tipo_dte = $3 AND f.folio = $4`,
      [empresaId, dte.emisor.rut, dte.tipo, dte.folio],
    );
    return prior.id;
  }

  /** Only a factura booked without its XML (from the RCV) takes one; the amounts stay as booked. */
  async attachXml(tx: Tx, facturaId: string, xml: string, xmlSha256: string): Promise<void> {
    await tx.query('UPDATE factura SET xml = $2, xml_sha256 = $3 WHERE id = $1 AND xml IS NULL', [facturaId, xml, xmlSha256]);
  }

  async setAsiento(tx: Tx, facturaId: string, asientoId: string): Promise<void> {
    await tx.query('UPDATE factura SET asiento_id = $2 WHERE id = $1', [facturaId, asientoId]);
  }

  async factura(tx: Tx, id: string): Promise<FacturaRow> {
    const [row] = await tx.query(`SELECT ${FACTURA_VIEW} FROM factura f LEFT JOIN asiento a ON a.id = f.asiento_id WHERE f.id = $1`, [id]);
    return row;
  }
}
