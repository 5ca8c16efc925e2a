import { Injectable } from '@nestjs/common';
import { AccountingStore, Tx } from '../common/accounting.store';
import { isoInstant } from '../common/sql';
import { PeriodoCerradoView } from './dto/periodo.view';

const VIEW = `empresa_id, periodo, ${isoInstant('cerrado_en')}, cerrado_por`;

/** Closed periods (`periodo_cerrado`). */
@Injectable()
export class PeriodosStore extends AccountingStore {
  async isClosed(tx: Tx | undefined, empresaId: string, periodo: string): Promise<boolean> {
    const rows = await this.db(tx).query('SELECT 1 FROM periodo_cerrado WHERE empresa_id = $1 AND periodo = $2', [empresaId, periodo]);
    return rows.length > 0;
  }

  /** Inserts the closing; undefined when the period was already closed. */
  async close(tx: Tx, empresaId: string, periodo: string, caller: string): Promise<PeriodoCerradoView | undefined> {
    const [row] = await tx.query(
      `INSERT INTO periodo_cerrado (empresa_id, periodo, cerrado_por) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING ${VIEW}`,
      [empresaId, periodo, caller],
    );
    return row;
  }

  list(empresaId: string): Promise<PeriodoCerradoView[]> {
    return this.ds.query(`SELECT ${VIEW} FROM periodo_cerrado WHERE empresa_id = $1 ORDER BY periodo`, [empresaId]);
  }
}
