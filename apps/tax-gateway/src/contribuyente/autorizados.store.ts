import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { ContribuyenteAutorizado } from './autorizados-csv';
import { ContribuyenteAutorizadoEntity, ContribuyentesDescargaEntity } from './entities/contribuyente-autorizado.entity';

/** Rows per INSERT: the list has about 1.7 million (docs/research/sources/README.md §1.3). */
const LOTE = 2000;

@Injectable()
export class AutorizadosStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  find(ambiente: string, rut: string): Promise<ContribuyenteAutorizadoEntity | null> {
    return this.db.getRepository(ContribuyenteAutorizadoEntity).findOneBy({ ambiente, rut });
  }

  findDescarga(ambiente: string): Promise<ContribuyentesDescargaEntity | null> {
    return this.db.getRepository(ContribuyentesDescargaEntity).findOneBy({ ambiente });
  }

  /**
   * One transaction: readers see the old list until it commits, a failed download leaves it as it was; a RUT listed twice keeps its last
   * row.
   */
  async replace(ambiente: string, rows: AsyncIterable<ContribuyenteAutorizado>, sha256: string, now: Date): Promise<number> {
    return this.db.transaction(async (m) => {
      await m.delete(ContribuyenteAutorizadoEntity, { ambiente });
      const lote: ContribuyenteAutorizado[] = [];
      let filas = 0;
      for await (const row of rows) {
        lote.push(row);
        if (lote.length === LOTE) filas += await insertBatch(m, ambiente, lote.splice(0));
      }
      filas += await insertBatch(m, ambiente, lote);
      await m.upsert(ContribuyentesDescargaEntity, { ambiente, descargadoEn: now, filas, sha256 }, ['ambiente']);
      return filas;
    });
  }
}

async function insertBatch(m: EntityManager, ambiente: string, rows: ContribuyenteAutorizado[]): Promise<number> {
  if (rows.length === 0) return 0;
  const unicos = [...new Map(rows.map((r) => [r.rut, r])).values()];
  await m
    .createQueryBuilder()
    .insert()
    .into(ContribuyenteAutorizadoEntity)
    .values(unicos.map((r) => ({ ambiente, ...r })))
    .orUpdate(['razon_social', 'numero_resolucion', 'fecha_resolucion', 'correo_intercambio', 'url'], ['ambiente', 'rut'])
    .execute();
  return unicos.length;
}
