import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AccountingStore, Tx } from '../common/accounting.store';
import { ImportAccount, PlannedEntry } from './import-plan';

/** Rows per INSERT statement: large enough to amortize round trips, small enough for modest messages. */
const ENTRY_BATCH = 10_000;
const LINE_BATCH = 20_000;

@Injectable()
export class ImportacionStore extends AccountingStore {
  async accounts(tx: Tx, empresaId: string, codigos: string[]): Promise<Map<string, ImportAccount>> {
    const rows: ImportAccount[] = await tx.query('SELECT id, codigo, imputable FROM cuenta WHERE empresa_id = $1 AND codigo = ANY($2)', [
      empresaId,
      codigos,
    ]);
    return new Map(rows.map((r) => [r.codigo, r]));
  }

  async closedPeriods(tx: Tx, empresaId: string): Promise<Set<string>> {
    const rows: { periodo: string }[] = await tx.query('SELECT periodo FROM periodo_cerrado WHERE empresa_id = $1', [empresaId]);
    return new Set(rows.map((r) => r.periodo));
  }

  /**
   * One INSERT ... SELECT FROM unnest(arrays) per batch; ids generated here so lines need no RETURNING.
   * The database guards still run for every row, the balance trigger at COMMIT.
   */
  async insertEntries(
    tx: Tx,
    empresaId: string,
    firstNumero: number,
    entries: PlannedEntry[],
    accounts: Map<string, ImportAccount>,
    createdBy: string,
  ): Promise<void> {
    const ids = entries.map(() => randomUUID());
    for (let start = 0; start < entries.length; start += ENTRY_BATCH) {
      const batch = entries.slice(start, start + ENTRY_BATCH);
      await tx.query(
        `INSERT INTO asiento (id, empresa_id, numero, fecha, glosa, origen, created_by)
         SELECT t.id, $1, t.numero, t.fecha, t.glosa, 'importacion', $2
           FROM unnest($3::uuid[], $4::int[], $5::date[], $6::text[]) AS t(id, numero, fecha, glosa)`,
        [
          empresaId,
          createdBy,
          ids.slice(start, start + batch.length),
          batch.map((_, i) => firstNumero + start + i),
          batch.map((e) => e.fecha),
          batch.map((e) => e.glosa),
        ],
      );
    }
    const cols = {
      asiento: [] as string[],
      linea: [] as number[],
      cuenta: [] as string[],
      debe: [] as number[],
      haber: [] as number[],
      glosa: [] as (string | null)[],
    };
    const flush = async () => {
      if (cols.asiento.length === 0) return;
      await tx.query(
        `INSERT INTO linea_asiento (asiento_id, empresa_id, linea, cuenta_id, debe, haber, glosa)
         SELECT t.asiento_id, $1, t.linea, t.cuenta_id, t.debe, t.haber, t.glosa
           FROM unnest($2::uuid[], $3::smallint[], $4::uuid[], $5::bigint[], $6::bigint[], $7::text[]) AS t(asiento_id, linea, cuenta_id, debe, haber, glosa)`,
        [empresaId, cols.asiento, cols.linea, cols.cuenta, cols.debe, cols.haber, cols.glosa],
      );
      for (const c of Object.values(cols)) c.length = 0;
    };
    for (let e = 0; e < entries.length; e += 1) {
      const rows = entries[e].rows;
      for (let i = 0; i < rows.length; i += 1) {
        cols.asiento.push(ids[e]);
        cols.linea.push(i + 1);
        cols.cuenta.push((accounts.get(rows[i].cuenta) as ImportAccount).id);
        cols.debe.push(rows[i].debe);
        cols.haber.push(rows[i].haber);
        cols.glosa.push(rows[i].glosa);
      }
      if (cols.asiento.length >= LINE_BATCH) await flush();
    }
    await flush();
  }
}
