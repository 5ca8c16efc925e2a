import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { santiagoDate } from '@lib/dte';
import { NotificacionInboxEntity } from './entities/notificacion-inbox.entity';
import { PortalVisitaEntity } from './entities/portal-visita.entity';
import { SesionImportadaEntity } from './entities/sesion-importada.entity';

const UNIQUE_VIOLATION = '23505';

@Injectable()
export class PortalStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A unique index on the visits that did not fail lets one insert win across processes; false when the day already has one. */
  async claimVisita(id: string, tenant: string, rut: string, tipo: string): Promise<boolean> {
    try {
      await this.db.getRepository(PortalVisitaEntity).insert({ id, tenant, rut, tipo, dia: santiagoDate(), estado: 'en_curso' });
      return true;
    } catch (err) {
      if ((err as { code?: string }).code === UNIQUE_VIOLATION) return false;
      throw err;
    }
  }

  async updateVisita(id: string, patch: QueryDeepPartialEntity<PortalVisitaEntity>): Promise<void> {
    await this.db.getRepository(PortalVisitaEntity).update({ id }, patch);
  }

  findVisitaDelDia(rut: string, tipo: string): Promise<PortalVisitaEntity | null> {
    return this.db
      .getRepository(PortalVisitaEntity)
      .createQueryBuilder('v')
      .where(`v.rut = :rut AND v.tipo = :tipo AND v.dia = :dia AND v.estado <> 'fallida'`, { rut, tipo, dia: santiagoDate() })
      .getOne();
  }

  async saveSesion(row: SesionImportadaEntity): Promise<void> {
    await this.db.getRepository(SesionImportadaEntity).save(row);
  }

  listSesiones(): Promise<SesionImportadaEntity[]> {
    return this.db.getRepository(SesionImportadaEntity).find({ order: { representadoRut: 'ASC' } });
  }

  findSesion(representadoRut: string): Promise<SesionImportadaEntity | null> {
    return this.db.getRepository(SesionImportadaEntity).findOneBy({ representadoRut });
  }

  async deleteSesion(representadoRut: string): Promise<boolean> {
    return Boolean((await this.db.getRepository(SesionImportadaEntity).delete({ representadoRut })).affected);
  }

  async updateSesion(representadoRut: string, patch: QueryDeepPartialEntity<SesionImportadaEntity>): Promise<void> {
    await this.db.getRepository(SesionImportadaEntity).update({ representadoRut }, patch);
  }

  /** Records `ids` as seen for `rut`; @returns those no earlier read had seen. */
  async insertVistas(rut: string, ids: string[]): Promise<Set<string>> {
    const rows: { notif_id: string }[] = await this.db.query(
      `INSERT INTO notificacion_vista (rut, notif_id, vista_at)
       SELECT $1, unnest($2::varchar[]), now()
       ON CONFLICT DO NOTHING RETURNING notif_id`,
      [rut, ids],
    );
    return new Set(rows.map((r) => r.notif_id));
  }

  findInbox(messageId: string): Promise<NotificacionInboxEntity | null> {
    return this.db.getRepository(NotificacionInboxEntity).findOneBy({ messageId });
  }

  /** Stores the answer to an e-mail unless another process stored one first; @returns the one kept. */
  async insertInbox(row: NotificacionInboxEntity): Promise<NotificacionInboxEntity> {
    await this.db.getRepository(NotificacionInboxEntity).createQueryBuilder().insert().values(row).orIgnore().execute();
    return this.db.getRepository(NotificacionInboxEntity).findOneByOrFail({ messageId: row.messageId });
  }
}
