import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { LibroDetalleInput } from '@lib/dte';
import type { LibroListQueryDto } from './dto/libro.dto';
import { LibroEntity } from './entities/libro.entity';
import { LibroDocumentosStore } from './libro-documentos.store';

/** Which book: a tenant's purchases or sales of a month (YYYY-MM). */
export interface LibroKey {
  tenant: string;
  tipo: 'compra' | 'venta';
  periodo: string;
}

@Injectable()
export class LibrosStore {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly documentos: LibroDocumentosStore,
  ) {}

  /**
   * The version is inside the signed bytes, so a transaction-scoped advisory lock on the book's key queues concurrent generations across
   * processes; a failure in `build` stores nothing.
   */
  async insertNextVersion(
    key: LibroKey,
    leerDocumentos: boolean,
    build: (version: number, documentos: LibroDetalleInput[]) => Promise<LibroEntity>,
  ): Promise<LibroEntity> {
    return this.db.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`libro:${key.tenant}:${key.tipo}:${key.periodo}`]);
      const documentos = leerDocumentos ? await this.documentos.listOfLibro(key.tenant, key.tipo, key.periodo, m) : [];
      const [row] = await m.query('SELECT coalesce(max(version), 0) + 1 AS v FROM libro WHERE tenant = $1 AND tipo = $2 AND periodo = $3', [
        key.tenant,
        key.tipo,
        key.periodo,
      ]);
      const entity = await build(Number(row.v), documentos);
      await m.getRepository(LibroEntity).insert(entity);
      return entity;
    });
  }

  /** Moves a book to `to` from one of `from` in one UPDATE (two concurrent claims cannot both win); false if not. */
  async claim(id: string, from: readonly string[], to: string): Promise<boolean> {
    const claimed = await this.db
      .createQueryBuilder()
      .update(LibroEntity)
      .set({ estado: to })
      .where('id = :id AND estado IN (:...from)', { id, from })
      .execute();
    return claimed.affected === 1;
  }

  async update(id: string, patch: QueryDeepPartialEntity<LibroEntity>): Promise<void> {
    await this.db.getRepository(LibroEntity).update({ id }, patch);
  }

  find(id: string): Promise<LibroEntity | null> {
    return this.db.getRepository(LibroEntity).findOneBy({ id });
  }

  findPage(q: LibroListQueryDto): Promise<[LibroEntity[], number]> {
    const qb = this.db.getRepository(LibroEntity).createQueryBuilder('l').where('l.tenant = :tenant', { tenant: q.tenant });
    if (q.tipo) qb.andWhere('l.tipo = :tipo', { tipo: q.tipo });
    if (q.periodo) qb.andWhere('l.periodo = :periodo', { periodo: q.periodo });
    if (q.estado) qb.andWhere('l.estado = :estado', { estado: q.estado });
    qb.orderBy('l.created_at', 'DESC').addOrderBy('l.id', 'DESC').take(q.limit).skip(q.offset);
    return qb.getManyAndCount();
  }
}
