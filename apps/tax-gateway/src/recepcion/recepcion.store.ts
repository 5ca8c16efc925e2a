import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { RecepcionEnvioEntity } from './entities/recepcion-envio.entity';
import { RecepcionEventoEntity } from './entities/recepcion-evento.entity';
import { RecepcionEntity } from './entities/recepcion.entity';
import { RecepcionRespuestaEntity } from './entities/recepcion-respuesta.entity';
import type { RecepcionListQueryDto } from './dto/recepcion.dto';

/** Identity of a DTE as the SII keys it: unique per tenant among the DTEs that verified (recepcion_verificada_key). */
export interface DteKey {
  rutEmisor: string;
  tipoDte: number;
  folio: number;
}

@Injectable()
export class RecepcionStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  findEnvioBySha(tenant: string, sha256: string): Promise<RecepcionEnvioEntity | null> {
    return this.db.getRepository(RecepcionEnvioEntity).findOne({ where: { tenant, xmlSha256: sha256 } });
  }

  findEnvio(id: string): Promise<RecepcionEnvioEntity | null> {
    return this.db.getRepository(RecepcionEnvioEntity).findOne({ where: { id } });
  }

  findRecepcion(id: string): Promise<RecepcionEntity | null> {
    return this.db.getRepository(RecepcionEntity).findOne({ where: { id } });
  }

  /** The stored DTEs of a tenant among `keys` that verified (`recibido`): a failed copy never keys a duplicate. */
  async findVerificados(tenant: string, keys: DteKey[]): Promise<RecepcionEntity[]> {
    if (keys.length === 0) return [];
    const qb = this.db
      .getRepository(RecepcionEntity)
      .createQueryBuilder('r')
      .where('r.tenant = :tenant', { tenant })
      .andWhere("r.estado = 'recibido'");
    qb.andWhere(
      `(r.rut_emisor, r.tipo_dte, r.folio) IN (${keys.map((_, i) => `(:e${i}, :t${i}, :f${i})`).join(', ')})`,
      Object.fromEntries(
        keys.flatMap((k, i) => [
          [`e${i}`, k.rutEmisor],
          [`t${i}`, k.tipoDte],
          [`f${i}`, k.folio],
        ]),
      ),
    );
    return qb.getMany();
  }

  findByEnvio(envioId: string): Promise<RecepcionEntity[]> {
    return this.db.getRepository(RecepcionEntity).find({ where: { envioId }, order: { folio: 'ASC' } });
  }

  /** Answers of an envío (RecepcionEnvio) or of a DTE (ResultadoDTE, EnvioRecibos), oldest first. */
  listRespuestas(where: { envioId?: string; recepcionId?: string }): Promise<RecepcionRespuestaEntity[]> {
    return this.db.getRepository(RecepcionRespuestaEntity).find({ where, order: { numero: 'ASC' } });
  }

  /** The next value of a table's `numero` sequence (CodEnvio, IdRespuesta): needed inside the answer before it is signed. */
  async nextNumero(table: 'recepcion_envio' | 'recepcion_respuesta'): Promise<number> {
    const [row] = await this.db.query(`SELECT nextval(pg_get_serial_sequence('${table}', 'numero')) AS n`);
    return Number(row.n);
  }

  /** Nothing half-written. */
  async insertEnvio(envio: RecepcionEnvioEntity, recepciones: RecepcionEntity[], respuesta: RecepcionRespuestaEntity): Promise<void> {
    await this.db.transaction(async (m) => {
      await m.insert(RecepcionEnvioEntity, envio as QueryDeepPartialEntity<RecepcionEnvioEntity>);
      if (recepciones.length > 0) await m.insert(RecepcionEntity, recepciones as QueryDeepPartialEntity<RecepcionEntity>[]);
      await m.insert(RecepcionRespuestaEntity, respuesta as QueryDeepPartialEntity<RecepcionRespuestaEntity>);
    });
  }

  /** Stores an answer about one DTE and, in the same transaction, its new commercial state. */
  async insertRespuesta(respuesta: RecepcionRespuestaEntity, patch?: Partial<Pick<RecepcionEntity, 'estadoComercial'>>): Promise<void> {
    await this.db.transaction(async (m: EntityManager) => {
      await m.insert(RecepcionRespuestaEntity, respuesta as QueryDeepPartialEntity<RecepcionRespuestaEntity>);
      if (patch && respuesta.recepcionId) await m.update(RecepcionEntity, { id: respuesta.recepcionId }, patch);
    });
  }

  async insertEvento(evento: RecepcionEventoEntity): Promise<void> {
    await this.db.getRepository(RecepcionEventoEntity).insert(evento);
  }

  listEventos(recepcionId: string): Promise<RecepcionEventoEntity[]> {
    return this.db.getRepository(RecepcionEventoEntity).find({ where: { recepcionId }, order: { createdAt: 'ASC' } });
  }

  async findPage(q: RecepcionListQueryDto): Promise<{ items: RecepcionEntity[]; total: number }> {
    const qb = this.db.getRepository(RecepcionEntity).createQueryBuilder('r').where('r.tenant = :tenant', { tenant: q.tenant });
    if (q.rut_emisor) qb.andWhere('r.rut_emisor = :rutEmisor', { rutEmisor: q.rut_emisor });
    if (q.tipo_dte !== undefined) qb.andWhere('r.tipo_dte = :tipo', { tipo: q.tipo_dte });
    if (q.estado) qb.andWhere('r.estado = :estado', { estado: q.estado });
    if (q.periodo) qb.andWhere("to_char(r.fecha_emision, 'YYYY-MM') = :periodo", { periodo: q.periodo });
    qb.orderBy('r.created_at', 'DESC').addOrderBy('r.id', 'DESC').take(q.limit).skip(q.offset);
    const [items, total] = await qb.getManyAndCount();
    return { items, total };
  }
}
