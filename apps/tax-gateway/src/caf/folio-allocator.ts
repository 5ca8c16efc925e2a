import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ProblemException } from '@lib/schemas';

/** A folio taken from a CAF. */
export interface AllocatedFolio {
  cafId: string;
  folio: number;
}

// One statement takes the folio: the sub-select picks the CAF with the lowest free folio that is still
// valid on `today`, the UPDATE increments its counter and returns the folio it consumed. Concurrent
// callers queue on the row lock; after the wait PostgreSQL re-checks `next_folio <= hasta` on the new
// row version, so two transactions never get the same folio.
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

/**
 * Hands out folios atomically (SII: a folio is used once, never reused). Call inside the emission's
 * transaction: the counter row stays locked until that transaction ends, so a rollback (signer down,
 * XSD failure) gives the folio back untouched and a commit makes it consumed for good.
 */
@Injectable()
export class FolioAllocator {
  /**
   * Takes the next folio of (tenant, tipoDte) from an active CAF valid on `today` (YYYY-MM-DD).
   * @throws ProblemException 409 `caf_missing` when no CAF has folios left.
   */
  async take(manager: EntityManager, tenant: string, tipoDte: number, today: string): Promise<AllocatedFolio> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const row = firstRow(await manager.query(TAKE_FOLIO, [tenant, tipoDte, today]));
      if (row) return { cafId: String(row.caf_id), folio: Number(row.folio) };
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
