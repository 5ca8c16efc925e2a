import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { EmissionStatusEntity } from './entities/emission-status.entity';
import { EmissionEntity } from './entities/emission.entity';

/** Fields an estado change may set. */
export type EmissionPatch = Partial<Pick<EmissionEntity, 'trackid' | 'glosa' | 'documentos' | 'error' | 'uploadedAt'>>;

/** Persistence of emissions and their status history (every estado change leaves a history row). */
@Injectable()
export class EmissionStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Inserts a new emission and its first history row, inside the caller's transaction. */
  async insert(m: EntityManager, emission: EmissionEntity): Promise<void> {
    await m.insert(EmissionEntity, emission as QueryDeepPartialEntity<EmissionEntity>);
    await m.insert(EmissionStatusEntity, { emissionId: emission.id, estado: emission.estado, glosa: emission.glosa, detail: null });
  }

  /** Moves an emission to `estado` (history row added when the estado or glosa changes). */
  async transition(id: string, estado: string, patch: EmissionPatch = {}, detail: Record<string, unknown> | null = null): Promise<void> {
    await this.db.transaction(async (m) => {
      const current = await m.findOne(EmissionEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!current) return;
      await m.update(EmissionEntity, { id }, { estado, ...patch } as QueryDeepPartialEntity<EmissionEntity>);
      const glosa = patch.glosa ?? null;
      if (current.estado !== estado || (glosa !== null && current.glosa !== glosa)) {
        await m.insert(EmissionStatusEntity, { emissionId: id, estado, glosa, detail } as QueryDeepPartialEntity<EmissionStatusEntity>);
      }
    });
  }

  /** Emissions of a tenant with that trackid (one EnvioDTE per emission today). */
  async byTrackid(tenant: string, trackid: string): Promise<EmissionEntity[]> {
    return this.db.getRepository(EmissionEntity).find({ where: { tenant, trackid } });
  }

  /** The tenant's own document of that type and folio, as a note's reference names it. */
  async findIssued(tenant: string, tipoDte: number, folio: number): Promise<EmissionEntity | null> {
    return this.db.getRepository(EmissionEntity).findOneBy({ tenant, tipoDte, folio });
  }

  async find(id: string): Promise<EmissionEntity | null> {
    return this.db.getRepository(EmissionEntity).findOneBy({ id });
  }

  async history(id: string): Promise<EmissionStatusEntity[]> {
    return this.db.getRepository(EmissionStatusEntity).find({ where: { emissionId: id }, order: { id: 'ASC' } });
  }
}
