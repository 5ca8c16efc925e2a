import { Injectable } from '@nestjs/common';
import { asientoVigente } from '../common/sql';
import { AccountingStore, Tx } from '../common/accounting.store';
import { toPesos } from '../common/money';
import type { DocumentoAbierto, Razon } from './conciliacion-rules';

/** The sales that are collected and the purchases that are paid (not notas de crédito, which reduce, nor 46, 52). */
const COBRABLES = [33, 34, 56, 110, 111];
const PAGABLES = [33, 34, 56];

export interface NuevaConciliacion {
  empresaId: string;
  movimientoId: string;
  cuenta: string;
  fecha: string;
  monto: number;
  descripcion: string;
  documento: Pick<DocumentoAbierto, 'tipo' | 'id'>;
  razones: Razon[];
  asientoId: string;
  caller: string;
}

/** Matches of bank movements (`conciliacion_bancaria`) and the open balances they leave. */
@Injectable()
export class ConciliacionBancariaStore extends AccountingStore {
  /**
   * Sales not fully collected and purchases not fully paid, whose entry stands, with their open balance (total less what was matched,
   * but for a match whose cobranza or pago entry was reversed).
   * `id`: only that document.
   */
  async abiertos(
    tx: Tx | undefined,
    empresaId: string,
    only?: { tipo: DocumentoAbierto['tipo']; id: string },
  ): Promise<DocumentoAbierto[]> {
    const part = (tipo: DocumentoAbierto['tipo']) => {
      const [tabla, rut, razon, col, tipos] =
        tipo === 'emitido'
          ? ['documento_emitido', 'rut_receptor', 'razon_social_receptor', 'documento_emitido_id', COBRABLES]
          : ['factura', 'rut_emisor', 'razon_social_emisor', 'factura_id', PAGABLES];
      return `SELECT '${tipo}' AS tipo, d.id, d.tipo_dte, d.folio, d.${rut} AS rut, d.${razon} AS razon_social, d.fecha_emision::text AS fecha,
                     d.total, d.total - COALESCE((SELECT sum(c.monto) FROM conciliacion_bancaria c WHERE c.${col} = d.id
                       AND ${asientoVigente('c.asiento_id')}), 0) AS saldo
                FROM ${tabla} d
               WHERE d.empresa_id = $1 AND d.tipo_dte IN (${tipos.join(', ')}) AND ${asientoVigente('d.asiento_id')}
                 ${only ? (only.tipo === tipo ? 'AND d.id = $2' : 'AND false') : ''}`;
    };
    const rows: Record<string, string>[] = await this.db(tx).query(
      `SELECT * FROM (${part('emitido')} UNION ALL ${part('recibido')}) x WHERE x.saldo > 0 ORDER BY x.fecha, x.folio`,
      only ? [empresaId, only.id] : [empresaId],
    );
    return rows.map((r) => ({
      tipo: r.tipo as DocumentoAbierto['tipo'],
      id: r.id,
      tipo_dte: Number(r.tipo_dte),
      folio: toPesos(r.folio),
      rut: r.rut,
      razon_social: r.razon_social,
      fecha: r.fecha,
      total: toPesos(r.total),
      saldo: toPesos(r.saldo),
    }));
  }

  /** The movements of the empresa already matched, by the provider's id. */
  async conciliados(empresaId: string, movimientoIds: string[]): Promise<Set<string>> {
    const rows: { movimiento_id: string }[] = await this.ds.query(
      'SELECT movimiento_id FROM conciliacion_bancaria WHERE empresa_id = $1 AND movimiento_id = ANY($2::varchar[])',
      [empresaId, movimientoIds],
    );
    return new Set(rows.map((r) => r.movimiento_id));
  }

  async insert(tx: Tx, c: NuevaConciliacion): Promise<string> {
    const [row] = await tx.query(
      `INSERT INTO conciliacion_bancaria (empresa_id, movimiento_id, cuenta, fecha, monto, descripcion, documento_emitido_id, factura_id,
                                          razones, asiento_id, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        c.empresaId,
        c.movimientoId,
        c.cuenta,
        c.fecha,
        c.monto,
        c.descripcion,
        c.documento.tipo === 'emitido' ? c.documento.id : null,
        c.documento.tipo === 'recibido' ? c.documento.id : null,
        JSON.stringify(c.razones),
        c.asientoId,
        c.caller,
      ],
    );
    return row.id;
  }
}
