import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { EmisionEstadoEntity } from './entities/emision-estado.entity';
import { EmisionEntity } from './entities/emision.entity';

/** Fields an estado change may set. */
export type EmisionPatch = Partial<Pick<EmisionEntity, 'trackid' | 'glosa' | 'documentos' | 'error' | 'uploadedAt'>>;

/** Persistence of emissions and their status history (every estado change leaves a history row). */
@Injectable()
export class EmisionStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Inserts a new emission and its first history row, inside the caller's transaction. */
  async insert(m: EntityManager, emission: EmisionEntity): Promise<void> {
    await m.insert(EmisionEntity, emission as QueryDeepPartialEntity<EmisionEntity>);
    await m.insert(EmisionEstadoEntity, { emissionId: emission.id, estado: emission.estado, glosa: emission.glosa, detail: null });
  }

  /** Moves an emission to `estado` (history row added when the estado or glosa changes). */
  async transition(id: string, estado: string, patch: EmisionPatch = {}, detail: Record<string, unknown> | null = null): Promise<void> {
    await this.db.transaction(async (m) => {
      const current = await m.findOne(EmisionEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!current) return;
      await m.update(EmisionEntity, { id }, { estado, ...patch } as QueryDeepPartialEntity<EmisionEntity>);
      const glosa = patch.glosa ?? null;
      if (current.estado !== estado || (glosa !== null && current.glosa !== glosa)) {
        await m.insert(EmisionEstadoEntity, { emissionId: id, estado, glosa, detail } as QueryDeepPartialEntity<EmisionEstadoEntity>);
      }
    });
  }

  /** Emissions of a tenant with that trackid (one EnvioDTE per emission today). */
  async byTrackid(tenant: string, trackid: string): Promise<EmisionEntity[]> {
    return this.db.getRepository(EmisionEntity).find({ where: { tenant, trackid } });
  }

  /** The tenant's own document of that type and folio, as a note's reference names it. */
  async findIssued(tenant: string, tipoDte: number, folio: number): Promise<EmisionEntity | null> {
    return this.db.getRepository(EmisionEntity).findOneBy({ tenant, tipoDte, folio });
  }

  async find(id: string): Promise<EmisionEntity | null> {
    return this.db.getRepository(EmisionEntity).findOneBy({ id });
  }

  async history(id: string): Promise<EmisionEstadoEntity[]> {
    return this.db.getRepository(EmisionEstadoEntity).find({ where: { emissionId: id }, order: { id: 'ASC' } });
  }
}
