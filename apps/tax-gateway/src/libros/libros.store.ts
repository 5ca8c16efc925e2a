import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import type { LibroDetalleInput, LibroGuiaDetalleInput } from '@lib/dte';
import { EN_SEGUIMIENTO } from '../envio/envio-estados';
import { EnvioEstadosStore } from '../envio/envio-estados.store';
import type { LibroListQueryDto } from './dto/libro.dto';
import { LibroEstadoEntity } from './entities/libro-estado.entity';
import { LibroEntity } from './entities/libro.entity';
import { LibroDocumentosStore } from './libro-documentos.store';

/** Which book: a tenant's purchases, sales or guías de despacho of a month (YYYY-MM). */
export interface LibroKey {
  tenant: string;
  tipo: 'compra' | 'venta' | 'guia';
  periodo: string;
}

/** Books and their history (envio/EnvioEstadosStore: every state change leaves a `libro_estado` row). */
@Injectable()
export class LibrosStore {
  private readonly estados: EnvioEstadosStore<LibroEntity, LibroEstadoEntity>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly documentos: LibroDocumentosStore,
  ) {
    this.estados = new EnvioEstadosStore(db, { entity: LibroEntity, history: LibroEstadoEntity, fk: 'libroId' });
  }

  /**
   * The version is inside the signed bytes, so a transaction-scoped advisory lock on the book's key queues concurrent generations across
   * processes; a failure in `build` stores nothing.
   */
  insertNextVersion(
    key: LibroKey & { tipo: 'compra' | 'venta' },
    leerDocumentos: boolean,
    build: (version: number, documentos: LibroDetalleInput[]) => Promise<LibroEntity>,
  ): Promise<LibroEntity> {
    return this.insertVersion(key, (m) => (leerDocumentos ? this.documentos.listOfLibro(key.tenant, key.tipo, key.periodo, m) : []), build);
  }

  /** The next version of a LibroGuia, its guías read in the same transaction (`anuladas`: folios voided after sending). */
  insertNextGuiaVersion(
    key: LibroKey,
    anuladas: readonly number[],
    build: (version: number, guias: LibroGuiaDetalleInput[]) => Promise<LibroEntity>,
  ): Promise<LibroEntity> {
    return this.insertVersion(key, (m) => this.documentos.listGuias(key.tenant, key.periodo, anuladas, m), build);
  }

  private insertVersion<T>(
    key: LibroKey,
    leer: (m: EntityManager) => Promise<T> | T,
    build: (version: number, documentos: T) => Promise<LibroEntity>,
  ): Promise<LibroEntity> {
    return this.db.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`libro:${key.tenant}:${key.tipo}:${key.periodo}`]);
      const documentos = await leer(m);
      const [row] = await m.query('SELECT coalesce(max(version), 0) + 1 AS v FROM libro WHERE tenant = $1 AND tipo = $2 AND periodo = $3', [
        key.tenant,
        key.tipo,
        key.periodo,
      ]);
      const entity = await build(Number(row.v), documentos);
      await m.getRepository(LibroEntity).insert(entity);
      await this.estados.insertFirst(m, entity);
      return entity;
    });
  }

  /** To `uploading` from one of `from` in one UPDATE (two concurrent claims cannot both win); the book, or null. */
  claimForUpload(id: string, from: readonly string[]): Promise<LibroEntity | null> {
    return this.estados.claim(id, from);
  }

  /** Moves a book to `estado` (a history row when the estado or glosa changes). */
  async transition(id: string, estado: string, patch: Partial<LibroEntity> = {}, detail: Record<string, unknown> | null = null) {
    await this.estados.transition(id, estado, patch, detail);
  }

  listHistory(id: string): Promise<LibroEstadoEntity[]> {
    return this.estados.listHistory(id);
  }

  /** Books uploaded and not yet in a final SII state, least recently changed first. */
  listToFollow(limit = 100): Promise<LibroEntity[]> {
    return this.db.getRepository(LibroEntity).find({
      where: { estado: In([...EN_SEGUIMIENTO]) },
      order: { updatedAt: 'ASC' },
      take: limit,
    });
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
