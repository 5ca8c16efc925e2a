import { In, type DataSource, type EntityManager, type EntityTarget } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { EstadoHistorialColumns } from './entities/estado-historial.columns';

/** A submission's table, its history table and the history's column that names the submission. */
export interface EnvioTabla<E extends { id: string; estado: string; glosa: string | null }, H extends EstadoHistorialColumns> {
  entity: EntityTarget<E>;
  history: EntityTarget<H>;
  fk: Exclude<keyof H, keyof EstadoHistorialColumns> & string;
}

// docs/tax-gateway.md "Submission pipeline": every change of estado or glosa leaves a history row in the same transaction, and a claim
// is one UPDATE, so two processes never both win it.
export class EnvioEstadosStore<E extends { id: string; estado: string; glosa: string | null }, H extends EstadoHistorialColumns> {
  constructor(
    private readonly db: DataSource,
    private readonly tabla: EnvioTabla<E, H>,
  ) {}

  /** The first history row of a submission inserted with `m` (in the caller's transaction). */
  async insertFirst(m: EntityManager, e: E): Promise<void> {
    await this.insertHistory(m, e.id, e.estado, e.glosa, null);
  }

  /** Moves `id` from one of `from` to `uploading` atomically; the claimed row, or null when another state (or none) was found. */
  async claim(id: string, from: readonly string[]): Promise<E | null> {
    return this.db.transaction(async (m) => {
      const claimed = await m
        .createQueryBuilder()
        .update(this.tabla.entity)
        .set({ estado: 'uploading' } as unknown as QueryDeepPartialEntity<E>)
        .where('id = :id AND estado IN (:...from)', { id, from })
        .execute();
      if (claimed.affected !== 1) return null;
      await this.insertHistory(m, id, 'uploading', null, null);
      return m.findOne(this.tabla.entity, { where: { id } as never });
    });
  }

  // Up to `limit` `signed` rows matching `where` (`$1`... from `params`) to `uploading` in one UPDATE, oldest first; FOR UPDATE SKIP
  // LOCKED, so concurrent claimers take disjoint sets. The claimed rows, in no set order.
  async claimMany(where: string, params: unknown[], orderBy: string, limit: number): Promise<E[]> {
    const table = this.db.getMetadata(this.tabla.entity).tableName;
    return this.db.transaction(async (m) => {
      const rows: { id: string }[] = await m.query(
        `UPDATE ${table} SET estado = 'uploading', updated_at = now()
          WHERE id IN (SELECT id FROM ${table} WHERE estado = 'signed' AND (${where})
                        ORDER BY ${orderBy} LIMIT ${Number(limit)} FOR UPDATE SKIP LOCKED)
        RETURNING id`,
        params,
      );
      const ids = (Array.isArray(rows[0]) ? rows[0] : rows).map((r: { id: string }) => r.id);
      for (const id of ids) await this.insertHistory(m, id, 'uploading', null, null);
      return ids.length === 0 ? [] : m.find(this.tabla.entity, { where: { id: In(ids) } as never });
    });
  }

  /** Moves `id` to `estado` with `patch`; a history row when the estado or the glosa changes. Nothing when there is no such row. */
  async transition(id: string, estado: string, patch: Partial<E> = {}, detail: Record<string, unknown> | null = null): Promise<void> {
    await this.db.transaction(async (m) => {
      const current = await m.findOne(this.tabla.entity, { where: { id } as never, lock: { mode: 'pessimistic_write' } });
      if (!current) return;
      await m.update(this.tabla.entity, { id } as never, { estado, ...patch } as unknown as QueryDeepPartialEntity<E>);
      const glosa = patch.glosa ?? null;
      if (current.estado !== estado || (glosa !== null && current.glosa !== glosa)) await this.insertHistory(m, id, estado, glosa, detail);
    });
  }

  listHistory(id: string): Promise<H[]> {
    return this.db.getRepository(this.tabla.history).find({ where: { [this.tabla.fk]: id } as never, order: { id: 'ASC' } as never });
  }

  private async insertHistory(m: EntityManager, id: string, estado: string, glosa: string | null, detail: Record<string, unknown> | null) {
    const row = { [this.tabla.fk]: id, estado, glosa, detail };
    await m.insert(this.tabla.history, row as unknown as QueryDeepPartialEntity<H>);
  }
}
