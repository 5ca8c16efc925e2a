import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { TIPOS_BOLETA, type FormatoPdf } from '@lib/dte';
import { EN_SEGUIMIENTO, NO_ENVIADOS } from '../envio/envio-estados';
import { EnvioEstadosStore } from '../envio/envio-estados.store';
import { EmisionEstadoEntity } from './entities/emision-estado.entity';
import { EmisionEntity } from './entities/emision.entity';
import { DtePdfEntity } from './entities/dte-pdf.entity';

/** What the notes on one document add up to (CLP): its debit notes (56) and its credit notes (61). */
export interface NotasSobre {
  debitos: number;
  creditos: number;
}

export type EmisionPatch = Partial<
  Pick<EmisionEntity, 'trackid' | 'glosa' | 'documentos' | 'error' | 'uploadedAt' | 'resultado' | 'boletaEnvioId'>
>;

/** Every estado change leaves a history row (envio/EnvioEstadosStore). */
@Injectable()
export class EmisionStore {
  private readonly estados: EnvioEstadosStore<EmisionEntity, EmisionEstadoEntity>;

  constructor(@InjectDataSource() private readonly db: DataSource) {
    this.estados = new EnvioEstadosStore(db, { entity: EmisionEntity, history: EmisionEstadoEntity, fk: 'emissionId' });
  }

  transaction<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async findPdf(emisionId: string, cedible: boolean, formato: FormatoPdf): Promise<Buffer | null> {
    return (await this.db.getRepository(DtePdfEntity).findOneBy({ emisionId, cedible, formato }))?.pdf ?? null;
  }

  /** Stores a rendered PDF once (a concurrent render of the same copy keeps the first). */
  async insertPdf(emisionId: string, cedible: boolean, formato: FormatoPdf, pdf: Buffer): Promise<void> {
    await this.db
      .getRepository(DtePdfEntity)
      .createQueryBuilder()
      .insert()
      .values({ emisionId, cedible, formato, pdf })
      .orIgnore()
      .execute();
  }

  async insert(m: EntityManager, emission: EmisionEntity): Promise<void> {
    await m.insert(EmisionEntity, emission as QueryDeepPartialEntity<EmisionEntity>);
    await this.estados.insertFirst(m, emission);
  }

  async transition(id: string, estado: string, patch: EmisionPatch = {}, detail: Record<string, unknown> | null = null): Promise<void> {
    await this.estados.transition(id, estado, patch, detail);
  }

  findByFolios(tenant: string, tipoDte: number, folios: number[]): Promise<EmisionEntity[]> {
    return this.db.getRepository(EmisionEntity).find({ where: { tenant, tipoDte, folio: In(folios) } });
  }

  /** Emissions of a tenant with that trackid (one EnvioDTE per emission today). */
  async findByTrackid(tenant: string, trackid: string): Promise<EmisionEntity[]> {
    return this.db.getRepository(EmisionEntity).find({ where: { tenant, trackid } });
  }

  /** A boleta envío's claim: up to `limit` signed emissions to `uploading` in one UPDATE with SKIP LOCKED. */
  claimSigned(where: string, params: unknown[], orderBy: string, limit: number): Promise<EmisionEntity[]> {
    return this.estados.claimMany(where, params, orderBy, limit);
  }

  /** To `uploading` in one UPDATE: two concurrent claims cannot both win. */
  claimForUpload(id: string, from: readonly string[]): Promise<EmisionEntity | null> {
    return this.estados.claim(id, from);
  }

  /** Never sent, upload failed, or rejected by the SII (docs/tax-gateway.md "Pending"). Oldest first. */
  async listPending(tenant: string, tipoDte?: number): Promise<EmisionEntity[]> {
    return this.db
      .getRepository(EmisionEntity)
      .createQueryBuilder('e')
      .where('e.tenant = :tenant', { tenant })
      .andWhere(tipoDte === undefined ? '1=1' : 'e.tipo_dte = :tipoDte', { tipoDte })
      .andWhere(`(e.estado IN (:...noEnviados) OR e.resultado = 'rechazado')`, { noEnviados: [...NO_ENVIADOS] })
      .orderBy('e.created_at', 'ASC')
      .limit(500)
      .getMany();
  }

  /** Left `signed`/`uploading` past `staleSeconds` (a crash between signing and upload), and envíos not yet in a final SII estado. */
  async listToReconcile(staleSeconds: number, limit = 100): Promise<{ unsent: EmisionEntity[]; following: EmisionEntity[] }> {
    const repo = this.db.getRepository(EmisionEntity);
    const unsent = await repo
      .createQueryBuilder('e')
      .where(`e.estado IN ('signed', 'uploading') AND e.updated_at < now() - make_interval(secs => :stale)`, { stale: staleSeconds })
      // Boletas go out in EnvioBOLETA (boleta/BoletaEnvios), never one by one through DTEUpload.
      .andWhere('e.tipo_dte NOT IN (:...boletas)', { boletas: TIPOS_BOLETA })
      .orderBy('e.created_at', 'ASC')
      .limit(limit)
      .getMany();
    const following = await repo
      .createQueryBuilder('e')
      .where('e.trackid IS NOT NULL AND e.estado IN (:...enProceso)', { enProceso: EN_SEGUIMIENTO })
      .orderBy('e.updated_at', 'ASC')
      .limit(limit)
      .getMany();
    return { unsent, following };
  }

  /** Accepted at EPR, registration not yet confirmed (QueryEstDte, or the boleta service's own question), due for their next question. */
  async listToConfirm(limit = 100): Promise<EmisionEntity[]> {
    return this.db
      .getRepository(EmisionEntity)
      .createQueryBuilder('e')
      .where(`e.estado = 'EPR' AND e.estado_sii IS NULL AND e.resultado IN ('aceptado', 'aceptado_con_reparos')`)
      .andWhere('(e.proxima_consulta IS NULL OR e.proxima_consulta <= now())')
      .orderBy('e.updated_at', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** Records a QueryEstDte answer (or the next time to ask) without touching the envío estado. */
  async recordConfirmation(
    id: string,
    patch: Partial<Pick<EmisionEntity, 'estadoSii' | 'estadoSiiGlosa' | 'consultas' | 'proximaConsulta'>>,
  ): Promise<void> {
    await this.db.getRepository(EmisionEntity).update({ id }, patch);
  }

  /** The emissions stored with the same EnvioDTE bytes as `e` that are not past their upload (the documents of one envelope). */
  async listSameEnvio(e: EmisionEntity): Promise<EmisionEntity[]> {
    return this.db.getRepository(EmisionEntity).find({
      where: { tenant: e.tenant, xmlSha256: e.xmlSha256, estado: In([...NO_ENVIADOS]) },
      order: { tipoDte: 'ASC', folio: 'ASC' },
    });
  }

  async findIssued(tenant: string, tipoDte: number, folio: number): Promise<EmisionEntity | null> {
    return this.db.getRepository(EmisionEntity).findOneBy({ tenant, tipoDte, folio });
  }

  /** Except those the SII rejected; the document's row is locked, so two notes on one document are judged one after the other. */
  async sumNotas(m: EntityManager, tenant: string, tipoDte: number, folio: number): Promise<NotasSobre> {
    await m.query('SELECT 1 FROM dte_emission WHERE tenant = $1 AND tipo_dte = $2 AND folio = $3 FOR UPDATE', [tenant, tipoDte, folio]);
    const [row] = await m.query(
      `SELECT coalesce(sum(total) FILTER (WHERE tipo_dte = 56), 0) AS debitos, coalesce(sum(total) FILTER (WHERE tipo_dte = 61), 0) AS creditos
         FROM dte_emission
        WHERE tenant = $1 AND ref_tipo_dte = $2 AND ref_folio = $3 AND resultado <> 'rechazado'`,
      [tenant, tipoDte, folio],
    );
    return { debitos: Number(row.debitos), creditos: Number(row.creditos) };
  }

  /** The emissions of `ids` as stored now, in the order of `ids` (those that do not exist left out). */
  async findMany(ids: readonly string[]): Promise<EmisionEntity[]> {
    const rows = await this.db.getRepository(EmisionEntity).find({ where: { id: In([...ids]) } });
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async find(id: string): Promise<EmisionEntity | null> {
    return this.db.getRepository(EmisionEntity).findOneBy({ id });
  }

  listHistory(id: string): Promise<EmisionEstadoEntity[]> {
    return this.estados.listHistory(id);
  }
}
