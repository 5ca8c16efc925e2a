import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, Not } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { ESTADOS_AEC_EN_PROCESO } from '@lib/dte';
import { EnvioEstadosStore } from '../envio/envio-estados.store';
import { CesionEstadoEntity } from './entities/cesion-estado.entity';
import { CesionEntity } from './entities/cesion.entity';

/** Uploaded AECs the registry has not judged yet: followed with getEstEnvio (docs/research/cesion.md §3). */
const AEC_EN_SEGUIMIENTO = ['uploaded', ...ESTADOS_AEC_EN_PROCESO];

/** Cesiones and their history (envio/EnvioEstadosStore: every state change leaves a `dte_cesion_estado` row). */
@Injectable()
export class CesionStore {
  private readonly estados: EnvioEstadosStore<CesionEntity, CesionEstadoEntity>;

  constructor(@InjectDataSource() private readonly db: DataSource) {
    this.estados = new EnvioEstadosStore(db, { entity: CesionEntity, history: CesionEstadoEntity, fk: 'cesionId' });
  }

  /** False when a live cesión of that document and sequence exists (the partial unique index dte_cesion_vigente_uq: one winner). */
  async insert(c: CesionEntity): Promise<boolean> {
    try {
      await this.db.transaction(async (m) => {
        await m.insert(CesionEntity, c as QueryDeepPartialEntity<CesionEntity>);
        await this.estados.insertFirst(m, c);
      });
      return true;
    } catch (err) {
      if ((err as { code?: string }).code === '23505') return false;
      throw err;
    }
  }

  /** To `uploading` from one of `from` in one UPDATE; the cesión, or null when another process has it. */
  claimForUpload(id: string, from: readonly string[]): Promise<CesionEntity | null> {
    return this.estados.claim(id, from);
  }

  async transition(id: string, estado: string, patch: Partial<CesionEntity> = {}, detail: Record<string, unknown> | null = null) {
    await this.estados.transition(id, estado, patch, detail);
  }

  listHistory(id: string): Promise<CesionEstadoEntity[]> {
    return this.estados.listHistory(id);
  }

  find(id: string): Promise<CesionEntity | null> {
    return this.db.getRepository(CesionEntity).findOneBy({ id });
  }

  /** The live cesiones (not refused) of one document of the tenant, as cedente or cesionario, by sequence. */
  listVigentes(tenant: string, doc: { rutEmisor: string; tipoDte: number; folio: number }): Promise<CesionEntity[]> {
    return this.db.getRepository(CesionEntity).find({
      where: { tenant, rutEmisor: doc.rutEmisor, tipoDte: doc.tipoDte, folio: doc.folio, resultado: Not('rechazado') },
      order: { seq: 'ASC' },
    });
  }

  // AECs left `signed`/`uploading` for `staleSeconds` (a process died on the way): the reconciler sends the same bytes. A failed upload
  // waits for POST .../reenviar, as an emission does: its failure may need a look.
  listToUpload(staleSeconds: number, limit = 100): Promise<CesionEntity[]> {
    return this.db
      .getRepository(CesionEntity)
      .createQueryBuilder('c')
      .where("c.rol = 'cedente'")
      .andWhere("c.estado IN ('signed', 'uploading')")
      .andWhere('c.updated_at < now() - make_interval(secs => :stale)', { stale: staleSeconds })
      .orderBy('c.updated_at', 'ASC')
      .take(limit)
      .getMany();
  }

  /** Assigned AECs the registry is still judging, and received ones not yet registered to the tenant; least recently changed first. */
  listToFollow(limit = 100): Promise<CesionEntity[]> {
    return this.db.getRepository(CesionEntity).find({
      where: [
        { rol: 'cedente', estado: In(AEC_EN_SEGUIMIENTO) },
        { rol: 'cesionario', resultado: 'pendiente' },
      ],
      order: { updatedAt: 'ASC' },
      take: limit,
    });
  }
}
