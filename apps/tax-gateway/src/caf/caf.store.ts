import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ProblemException } from '@lib/schemas';
import { CafEntity } from './entities/caf.entity';
import { FolioCounterEntity } from './entities/folio-counter.entity';

export interface AllocatedFolio {
  caf: CafEntity;
  folio: number;
}

export interface NuevoCaf {
  caf: CafEntity;
  counter: FolioCounterEntity;
}

// One statement takes the folio: concurrent callers queue on the row lock, and PostgreSQL re-checks
// `next_folio <= hasta` on the new row version after the wait, so two transactions never get the same folio.
const TAKE_FOLIO = `
  UPDATE caf_folio_counter SET next_folio = next_folio + 1, updated_at = now()
  WHERE caf_id = (
    SELECT caf_id FROM caf_folio_counter
    WHERE tenant = $1 AND tipo_dte = $2 AND next_folio <= hasta
      AND (ultimo_dia_valido IS NULL OR ultimo_dia_valido >= $3::date)
    ORDER BY next_folio, caf_id
    LIMIT 1)
  AND next_folio <= hasta
  RETURNING caf_id, next_folio - 1 AS folio`;

const ANY_LEFT = `
  SELECT 1 FROM caf_folio_counter
  WHERE tenant = $1 AND tipo_dte = $2 AND next_folio <= hasta
    AND (ultimo_dia_valido IS NULL OR ultimo_dia_valido >= $3::date)
  LIMIT 1`;

const MAX_ATTEMPTS = 5;

/** A folio is used once, never reused (docs/DESIGN.md §4.4 "caf"): taken in the emission's transaction, a rollback gives it back. */
@Injectable()
export class CafStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The CAF of (tenant, tipo) already covering a folio of desde..hasta, else `build`'s stored; an advisory lock serializes the check. */
  async insertUnlessOverlap(
    tenant: string,
    tipo: number,
    desde: number,
    hasta: number,
    build: () => Promise<NuevoCaf>,
  ): Promise<{ clash: CafEntity } | NuevoCaf> {
    return this.db.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`caf:${tenant}:${tipo}`]);
      const clash = await m
        .getRepository(CafEntity)
        .createQueryBuilder('c')
        .where('c.tenant = :tenant AND c.tipo_dte = :tipo AND c.desde <= :hasta AND c.hasta >= :desde', { tenant, tipo, desde, hasta })
        .getOne();
      if (clash) return { clash };
      const nuevo = await build();
      await m.insert(CafEntity, nuevo.caf);
      await m.insert(FolioCounterEntity, nuevo.counter);
      return nuevo;
    });
  }

  list(tenant: string, tipoDte?: number): Promise<CafEntity[]> {
    return this.db.getRepository(CafEntity).find({
      where: { tenant, ...(tipoDte ? { tipoDte } : {}) },
      order: { tipoDte: 'ASC', desde: 'ASC' },
    });
  }

  listCounters(tenant: string): Promise<FolioCounterEntity[]> {
    return this.db.getRepository(FolioCounterEntity).find({ where: { tenant } });
  }

  findCounter(cafId: string): Promise<FolioCounterEntity> {
    return this.db.getRepository(FolioCounterEntity).findOneByOrFail({ cafId });
  }

  findById(id: string): Promise<CafEntity | null> {
    return this.db.getRepository(CafEntity).findOneBy({ id });
  }

  async listTenants(): Promise<string[]> {
    const rows: { tenant: string }[] = await this.db.query('SELECT DISTINCT tenant FROM caf ORDER BY tenant');
    return rows.map((r) => r.tenant);
  }

  /** Moves a counter forward from `from` to `to`, only if no emission moved it meanwhile. */
  async advanceCounter(cafId: string, from: number, to: number): Promise<void> {
    await this.db.query('UPDATE caf_folio_counter SET next_folio = $2, updated_at = now() WHERE caf_id = $1 AND next_folio = $3', [
      cafId,
      to,
      from,
    ]);
  }

  /** Takes the next folio of (tenant, tipoDte) from an active CAF valid on `today` (YYYY-MM-DD), with that CAF. */
  async takeFolio(manager: EntityManager, tenant: string, tipoDte: number, today: string): Promise<AllocatedFolio> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const row = firstRow(await manager.query(TAKE_FOLIO, [tenant, tipoDte, today]));
      if (row) return { caf: await manager.findOneByOrFail(CafEntity, { id: String(row.caf_id) }), folio: Number(row.folio) };
      // The CAF picked by the sub-select may have run out while we waited for its lock: look again.
      const left = await manager.query(ANY_LEFT, [tenant, tipoDte, today]);
      if (!Array.isArray(left) || left.length === 0) break;
    }
    throw new ProblemException(409, 'caf_missing', `No active CAF with free folios for tipo_dte ${tipoDte} of ${tenant}; upload one.`, {
      tenant,
      tipo_dte: tipoDte,
    });
  }
}

// TypeORM's postgres driver answers an UPDATE with [rows, rowCount]; a SELECT with rows.
function firstRow(result: unknown): Record<string, unknown> | undefined {
  if (!Array.isArray(result)) return undefined;
  const rows = Array.isArray(result[0]) ? (result[0] as unknown[]) : result;
  const row = rows[0];
  return row && typeof row === 'object' ? (row as Record<string, unknown>) : undefined;
}
