import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { AuditoriaQueryDto } from './dto/auditoria.dto';
import { AuditoriaEntity } from './entities/auditoria.entity';

/** Tables whose rows critical operations make or touch, and the column with the sha256 of their bytes. */
const FILAS = { dte_emission: 'xml_sha256', caf: 'file_sha256', recepcion: null } as const;
export type TablaAuditada = keyof typeof FILAS;

@Injectable()
export class AuditoriaStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(row: AuditoriaEntity): Promise<void> {
    await this.db.getRepository(AuditoriaEntity).insert(row);
  }

  findPending(limit: number): Promise<AuditoriaEntity[]> {
    return this.db.getRepository(AuditoriaEntity).find({ where: { estado: 'pendiente' }, order: { at: 'ASC' }, take: limit });
  }

  /** Updates a receipt; with `soloPendiente`, only while it is still pending (a concurrent signature wins once). */
  async update(id: string, patch: QueryDeepPartialEntity<AuditoriaEntity>, soloPendiente = false): Promise<void> {
    await this.db.getRepository(AuditoriaEntity).update(soloPendiente ? { id, estado: 'pendiente' } : { id }, patch);
  }

  find(id: string): Promise<AuditoriaEntity | null> {
    return this.db.getRepository(AuditoriaEntity).findOneBy({ id });
  }

  /** A page of receipts, newest first; desde/hasta are days in America/Santiago. */
  findPage(q: AuditoriaQueryDto): Promise<[AuditoriaEntity[], number]> {
    const qb = this.db.getRepository(AuditoriaEntity).createQueryBuilder('a');
    if (q.tenant) qb.andWhere('a.tenant = :tenant', { tenant: q.tenant });
    if (q.operacion) qb.andWhere('a.operacion = :operacion', { operacion: q.operacion });
    if (q.desde) qb.andWhere(`a.at >= (:desde::date)::timestamp AT TIME ZONE 'America/Santiago'`, { desde: q.desde });
    if (q.hasta) qb.andWhere(`a.at < ((:hasta::date + 1)::timestamp AT TIME ZONE 'America/Santiago')`, { hasta: q.hasta });
    return qb.orderBy('a.at', 'DESC').addOrderBy('a.id', 'DESC').skip(q.offset).take(q.limit).getManyAndCount();
  }

  /** For routes whose request names only the record or whose answer lacks the bytes' hash: the row's tenant and sha256. */
  async findRow(tabla: TablaAuditada, id: string): Promise<{ tenant: string | null; recurso: string; sha256?: string }> {
    const sha = FILAS[tabla];
    const rows: { tenant: string; sha256: string | null }[] = await this.db.query(
      `SELECT tenant, ${sha ?? 'NULL'} AS sha256 FROM ${tabla} WHERE id = $1`,
      [id],
    );
    return { tenant: rows[0]?.tenant ?? null, recurso: id, ...(rows[0]?.sha256 ? { sha256: rows[0].sha256.trim() } : {}) };
  }
}
