import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { ProblemException } from '@lib/schemas';
import { DataSource, EntityManager } from 'typeorm';
import { mapDbError } from './db-errors';
import { type Periodo, parseMes } from './periodo';

/** A transaction a store opened; services only pass it back to store methods. */
export type Tx = EntityManager;

export interface LockedEmpresa {
  id: string;
  rut: string;
  razon_social: string;
}

@Injectable()
export abstract class AccountingStore {
  constructor(protected readonly ds: DataSource) {}

  /** READ COMMITTED; guard errors, also the balance trigger's at COMMIT, become problems (`mapDbError`). */
  async transaction<T>(work: (tx: Tx) => Promise<T>, onError?: (err: unknown) => unknown): Promise<T> {
    try {
      return await this.ds.transaction(work);
    } catch (err) {
      throw onError?.(err) ?? mapDbError(err);
    }
  }

  protected db(tx?: Tx | null): EntityManager {
    return tx ?? this.ds.manager;
  }

  /** Read-only REPEATABLE READ: a report's rows and totals come from one snapshot. */
  protected snapshot<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.ds.transaction('REPEATABLE READ', async (tx) => {
      await tx.query('SET TRANSACTION READ ONLY');
      return work(tx);
    });
  }

  /**
   * Serializes the writes of one empresa (gap-free entry numbers, no posting racing a period close or a
   * chart change). NO KEY UPDATE: FOR UPDATE conflicts with the FOR KEY SHARE that inserting a referencing
   * row takes, and such transactions deadlocked (PostgreSQL 40P01; manual §13.3.2 "Row-Level Locks").
   */
  lockEmpresa(tx: Tx, empresaId: string): Promise<LockedEmpresa> {
    return this.findEmpresa(tx, empresaId, 'FOR NO KEY UPDATE');
  }

  requireEmpresa(empresaId: string, tx?: Tx): Promise<LockedEmpresa> {
    return this.findEmpresa(this.db(tx), empresaId, '');
  }

  /** The empresa and the month (YYYY-MM) a monthly process names. @throws 400/422 for the month (`parseMes`), 404 `not_found`. */
  async requireEmpresaMes(empresaId: string, periodo: string): Promise<{ empresa: LockedEmpresa; mes: Periodo }> {
    const mes = parseMes(periodo);
    return { empresa: await this.requireEmpresa(empresaId), mes };
  }

  private async findEmpresa(tx: Tx, empresaId: string, lock: string): Promise<LockedEmpresa> {
    const rows: LockedEmpresa[] = isUUID(empresaId)
      ? await tx.query(`SELECT id, rut, razon_social FROM empresa WHERE id = $1 ${lock}`.trim(), [empresaId])
      : [];
    if (rows.length === 0) throw new ProblemException(404, 'not_found', `Empresa ${empresaId} does not exist`);
    return rows[0];
  }

  /** The first of `count` correlative numbers; under {@link lockEmpresa} they are gap-free. */
  async reserveAsientoNumeros(tx: Tx, empresaId: string, count = 1): Promise<number> {
    // A CTE so the driver returns rows (TypeORM answers a bare UPDATE with [rows, count]).
    const [{ primero }] = await tx.query(
      `WITH next AS (UPDATE empresa SET ultimo_numero_asiento = ultimo_numero_asiento + $2::int WHERE id = $1 RETURNING ultimo_numero_asiento)
     SELECT ultimo_numero_asiento - $2::int + 1 AS primero FROM next`,
      [empresaId, count],
    );
    return primero;
  }
}
