import { Injectable } from '@nestjs/common';
import { AccountingStore, Tx } from '../common/accounting.store';
import { isoInstant } from '../common/sql';
import { AuditView } from './dto/auditoria.view';

/** An `auditoria` row to insert. */
export interface AuditRow {
  empresaId: string | null;
  caller: string;
  accion: string;
  entidad: string;
  entidadId: string | null;
  resultado: string;
  inputSha256: string;
}

/** The audit trail (`auditoria`). */
@Injectable()
export class AuditoriaStore extends AccountingStore {
  /** Inserts with `tx` (the caller's transaction) or on its own. */
  async insert(tx: Tx | null, r: AuditRow): Promise<void> {
    await this.db(tx).query(
      `INSERT INTO auditoria (empresa_id, caller, accion, entidad, entidad_id, resultado, input_sha256)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [r.empresaId, r.caller, r.accion, r.entidad, r.entidadId, r.resultado, r.inputSha256],
    );
  }

  /** Newest first; `before` is an id cursor from a previous page. */
  async list(empresaId: string, limit: number, before?: number): Promise<AuditView[]> {
    const rows: (Omit<AuditView, 'id'> & { id: string })[] = await this.ds.query(
      `SELECT id::text AS id, empresa_id, caller, accion, entidad, entidad_id, resultado, input_sha256,
              ${isoInstant('at')}
         FROM auditoria
        WHERE empresa_id = $1 AND ($2::bigint IS NULL OR id < $2)
        ORDER BY auditoria.id DESC LIMIT $3`, // the column, not the text alias (which sorts "15" before "9")
      [empresaId, before ?? null, limit],
    );
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }
}
