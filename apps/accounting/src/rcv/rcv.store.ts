import { Injectable } from '@nestjs/common';
import { asientoVigente } from '../common/sql';
import { AccountingStore, Tx } from '../common/accounting.store';
import { toPesos } from '../common/money';
import type { DiferenciaCalculada, DocumentoLibro } from './rcv-rules';

export type LibroRcv = 'compra' | 'venta';
import type { RcvConciliacionView, RcvDiferenciaView } from './dto/rcv.dto';

const DIFERENCIA = `id, empresa_id, periodo, libro, clase, tipo_dte, folio, rut_contraparte, razon_social, fecha_emision::text AS fecha_emision,
  estado_rcv, neto, exento, iva, total, diferencias, COALESCE(factura_id, documento_emitido_id) AS documento_id, estado, asiento_id, motivo, detectada_at, resuelta_at, resuelta_por`;

type Numerics = 'folio' | 'neto' | 'exento' | 'iva' | 'total';
type DiferenciaRow = Omit<RcvDiferenciaView, Numerics | 'detectada_at' | 'resuelta_at'> &
  Record<Numerics, string> & { detectada_at: Date; resuelta_at: Date | null };

export type Resolucion = { estado: 'confirmada' | 'descartada'; asientoId?: string | null; facturaId?: string | null; motivo?: string };

/** The runs of the RCV reconciliation and the differences they found (`rcv_conciliacion`, `rcv_diferencia`). */
@Injectable()
export class RcvStore extends AccountingStore {
  /**
   * The purchases (`compra`) or sales (`venta`) booked with a FchEmis in [desde, hasta], with whether their entry still stands. A sale
   * the SII rejected has its entry reversed (accounting's emission follow-up): it is no longer booked.
   */
  async libros(tx: Tx, empresaId: string, libro: LibroRcv, desde: string, hasta: string): Promise<DocumentoLibro[]> {
    const [tabla, rut, razon] =
      libro === 'compra'
        ? ['factura', 'rut_emisor', 'razon_social_emisor']
        : ['documento_emitido', 'rut_receptor', 'razon_social_receptor'];
    const rows: Record<string, string | boolean>[] = await tx.query(
      `SELECT d.id, d.tipo_dte, d.folio, d.${rut} AS rut_contraparte, d.${razon} AS razon_social, d.fecha_emision::text AS fecha_emision,
              d.neto, d.exento, d.iva, d.total,
              ${asientoVigente('d.asiento_id')} AS asiento_vigente
         FROM ${tabla} d WHERE d.empresa_id = $1 AND d.fecha_emision BETWEEN $2 AND $3`,
      [empresaId, desde, hasta],
    );
    return rows.map((r) => ({
      ...(r as unknown as DocumentoLibro),
      folio: toPesos(r.folio as string),
      neto: toPesos(r.neto as string),
      exento: toPesos(r.exento as string),
      iva: toPesos(r.iva as string),
      total: toPesos(r.total as string),
    }));
  }

  /**
   * Empresas without a run of `periodo` (YYYY-MM) made after it ended: a run during the month saw a register still open.
   * The month ends at midnight America/Santiago.
   */
  async empresasSinConciliar(periodo: string): Promise<string[]> {
    const rows: { id: string }[] = await this.ds.query(
      `SELECT e.id FROM empresa e
        WHERE NOT EXISTS (SELECT 1 FROM rcv_conciliacion c WHERE c.empresa_id = e.id AND c.periodo = $1
                            AND c.consultado_at >= (($1 || '-01')::date + interval '1 month')::timestamp AT TIME ZONE 'America/Santiago')
        ORDER BY e.created_at, e.id`,
      [periodo],
    );
    return rows.map((r) => r.id);
  }

  async saveRun(tx: Tx, empresaId: string, periodo: string, documentosRcv: number, caller: string): Promise<void> {
    await tx.query(
      `INSERT INTO rcv_conciliacion (empresa_id, periodo, consultado_at, documentos_rcv, created_by) VALUES ($1, $2, now(), $3, $4)
       ON CONFLICT (empresa_id, periodo) DO UPDATE SET consultado_at = now(), documentos_rcv = $3, created_by = $4`,
      [empresaId, periodo, documentosRcv, caller],
    );
  }

  /**
   * Records the run's differences: a new one pendiente; a pending or superseded one updated (superseded -> pendiente again);
   * a decided one (confirmada, descartada) kept as decided. Pending ones the run did not find become `superada`.
   */
  async record(
    tx: Tx,
    empresaId: string,
    periodo: string,
    found: { libro: LibroRcv; d: DiferenciaCalculada }[],
    caller: string,
  ): Promise<void> {
    const ids: string[] = [];
    for (const { libro, d } of found) {
      const [row] = await tx.query(
        `INSERT INTO rcv_diferencia (empresa_id, periodo, clase, tipo_dte, folio, rut_contraparte, razon_social, fecha_emision, estado_rcv,
                                     neto, exento, iva, total, diferencias, factura_id, documento_emitido_id, libro)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
         ON CONFLICT ON CONSTRAINT rcv_diferencia_documento_uq DO UPDATE SET
           razon_social = EXCLUDED.razon_social, estado_rcv = EXCLUDED.estado_rcv, neto = EXCLUDED.neto, exento = EXCLUDED.exento,
           iva = EXCLUDED.iva, total = EXCLUDED.total, diferencias = EXCLUDED.diferencias, factura_id = EXCLUDED.factura_id,
           documento_emitido_id = EXCLUDED.documento_emitido_id,
           estado = 'pendiente', resuelta_at = NULL, resuelta_por = NULL
         WHERE rcv_diferencia.estado IN ('pendiente', 'superada')
         RETURNING id`,
        [
          empresaId,
          periodo,
          d.clase,
          d.tipo_dte,
          d.folio,
          d.rut_contraparte,
          d.razon_social,
          d.fecha_emision,
          d.estado_rcv,
          d.neto,
          d.exento,
          d.iva,
          d.total,
          JSON.stringify(d.diferencias),
          libro === 'compra' ? d.documento_id : null,
          libro === 'venta' ? d.documento_id : null,
          libro,
        ],
      );
      if (row) ids.push(row.id);
    }
    await tx.query(
      `UPDATE rcv_diferencia SET estado = 'superada', resuelta_at = now(), resuelta_por = $4
        WHERE empresa_id = $1 AND periodo = $2 AND estado = 'pendiente' AND NOT (id = ANY($3::uuid[]))`,
      [empresaId, periodo, ids, caller],
    );
  }

  /** The period's last run and its differences, oldest document first; undefined before the first run. */
  async conciliacion(empresaId: string, periodo: string): Promise<Omit<RcvConciliacionView, 'resumen'> | undefined> {
    return this.snapshot(async (tx) => {
      const [run] = await tx.query(
        `SELECT empresa_id, periodo, consultado_at, documentos_rcv FROM rcv_conciliacion WHERE empresa_id = $1 AND periodo = $2`,
        [empresaId, periodo],
      );
      if (!run) return undefined;
      const rows: DiferenciaRow[] = await tx.query(
        `SELECT ${DIFERENCIA} FROM rcv_diferencia WHERE empresa_id = $1 AND periodo = $2 ORDER BY libro, tipo_dte, folio, rut_contraparte, clase`,
        [empresaId, periodo],
      );
      return { ...run, consultado_at: run.consultado_at.toISOString(), diferencias: rows.map(toView) };
    });
  }

  /** The empresa of a difference (not locked: the caller locks the empresa, then the difference). */
  async empresaDeDiferencia(tx: Tx, id: string): Promise<string | undefined> {
    const [row] = await tx.query('SELECT empresa_id FROM rcv_diferencia WHERE id = $1', [id]);
    return row?.empresa_id;
  }

  /** The booking entry of a purchase, null without one. */
  async asientoDeFactura(tx: Tx, facturaId: string): Promise<string | null> {
    const [row] = await tx.query('SELECT asiento_id FROM factura WHERE id = $1', [facturaId]);
    return row?.asiento_id ?? null;
  }

  /** Locked for the decision; undefined when no such difference exists. */
  async lockDiferencia(tx: Tx, id: string): Promise<RcvDiferenciaView | undefined> {
    const [row] = await tx.query(`SELECT ${DIFERENCIA} FROM rcv_diferencia WHERE id = $1 FOR UPDATE`, [id]);
    return row ? toView(row) : undefined;
  }

  async resolve(tx: Tx, id: string, r: Resolucion, caller: string): Promise<RcvDiferenciaView> {
    // A CTE so the driver returns rows (TypeORM answers a bare UPDATE with [rows, count]).
    const [row] = await tx.query(
      `WITH u AS (
         UPDATE rcv_diferencia SET estado = $2, asiento_id = $3, factura_id = COALESCE($4, factura_id), motivo = $5,
                resuelta_at = now(), resuelta_por = $6
          WHERE id = $1 RETURNING *)
       SELECT ${DIFERENCIA} FROM u`,
      [id, r.estado, r.asientoId ?? null, r.facturaId ?? null, r.motivo ?? null, caller],
    );
    return toView(row);
  }
}

function toView(row: DiferenciaRow): RcvDiferenciaView {
  return {
    ...row,
    periodo: row.periodo.trim(),
    folio: toPesos(row.folio),
    neto: toPesos(row.neto),
    exento: toPesos(row.exento),
    iva: toPesos(row.iva),
    total: toPesos(row.total),
    detectada_at: row.detectada_at.toISOString(),
    resuelta_at: row.resuelta_at?.toISOString() ?? null,
  };
}
