import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { BankMovement } from './bank-movements-source';
import type { MovimientosQueryDto } from './dto/banco.dto';
import { BancoMovimientoEntity } from './entities/banco-movimiento.entity';
import { BancoRefreshEntity } from './entities/banco-refresh.entity';

/** Rows per INSERT statement (15 parameters each, well under PostgreSQL's 65535). */
const INSERT_BATCH = 500;

export type Refresh = Omit<BancoRefreshEntity, 'id' | 'refreshedAt' | 'tenant' | 'provider'>;

export interface TenantRow {
  tenant: string;
  refreshed_at: Date | null;
  outcome: string | null;
  error: string | null;
  movimientos: number;
}

@Injectable()
export class BancoStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** ONE transaction; the `banco_refresh` row is stamped with the database's clock. */
  async storeRefresh(
    tenant: string,
    provider: string,
    movements: BankMovement[],
    refresh: (nuevos: number) => Refresh,
  ): Promise<{ nuevos: number; refreshedAt: Date }> {
    return this.db.transaction(async (tx) => {
      let nuevos = 0;
      for (let i = 0; i < movements.length; i += INSERT_BATCH)
        nuevos += await insert(tx, tenant, provider, movements.slice(i, i + INSERT_BATCH));
      const [{ now }] = (await tx.query('SELECT now() AS now')) as { now: Date }[];
      await tx.getRepository(BancoRefreshEntity).insert({ tenant, provider, refreshedAt: now, ...refresh(nuevos) });
      return { nuevos, refreshedAt: now };
    });
  }

  async insertRefresh(tenant: string, provider: string, refresh: Refresh): Promise<void> {
    await this.db.getRepository(BancoRefreshEntity).insert({ tenant, provider, refreshedAt: new Date(), ...refresh });
  }

  findPage(q: MovimientosQueryDto): Promise<[BancoMovimientoEntity[], number]> {
    const qb = this.db.getRepository(BancoMovimientoEntity).createQueryBuilder('m').where('m.tenant = :tenant', { tenant: q.tenant });
    if (q.desde) qb.andWhere('m.post_date >= :desde', { desde: q.desde });
    if (q.hasta) qb.andWhere('m.post_date <= :hasta', { hasta: q.hasta });
    if (q.cuenta) qb.andWhere('m.account_id = :cuenta', { cuenta: q.cuenta });
    if (q.tipo) qb.andWhere('m.type = :tipo', { tipo: q.tipo });
    return qb
      .orderBy('m.post_date', 'DESC')
      .addOrderBy('m.first_seen_at', 'DESC')
      .addOrderBy('m.id', 'ASC')
      .skip(q.offset)
      .take(q.limit)
      .getManyAndCount();
  }

  async listTenants(linked: string[]): Promise<TenantRow[]> {
    return (await this.db.query(
      `SELECT t.tenant, r.refreshed_at, r.outcome, r.error, COALESCE(m.n, 0)::int AS movimientos
         FROM (SELECT unnest($1::text[]) AS tenant UNION SELECT tenant FROM banco_refresh UNION SELECT tenant FROM banco_movimiento) t
         LEFT JOIN LATERAL (
           SELECT refreshed_at, outcome, error FROM banco_refresh r
            WHERE r.tenant = t.tenant ORDER BY refreshed_at DESC, id DESC LIMIT 1) r ON true
         LEFT JOIN (SELECT tenant, count(*) AS n FROM banco_movimiento GROUP BY tenant) m ON m.tenant = t.tenant
        ORDER BY t.tenant`,
      [linked],
    )) as TenantRow[];
  }
}

async function insert(tx: EntityManager, tenant: string, provider: string, batch: BankMovement[]): Promise<number> {
  if (batch.length === 0) return 0;
  const params: unknown[] = [];
  const rows = batch.map((m) => {
    const values = [
      tenant,
      provider,
      m.providerId,
      m.accountId,
      m.amount,
      m.currency,
      m.postDate,
      m.description,
      m.type,
      m.referenceId,
      m.counterpart?.rut ?? null,
      m.counterpart?.name ?? null,
      m.counterpart?.institution ?? null,
      JSON.stringify(m.raw),
    ];
    const start = params.length;
    params.push(...values);
    return `(${values.map((_, i) => `$${start + i + 1}`).join(', ')})`;
  });
  const inserted = (await tx.query(
    `INSERT INTO banco_movimiento (tenant, provider, provider_id, account_id, amount, currency, post_date, description, type,
       reference_id, counterpart_rut, counterpart_name, counterpart_institution, raw)
     VALUES ${rows.join(', ')}
     ON CONFLICT (tenant, provider, provider_id) DO NOTHING
     RETURNING id`,
    params,
  )) as unknown[];
  return inserted.length;
}
