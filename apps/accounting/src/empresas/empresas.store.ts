import { Injectable } from '@nestjs/common';
import { AccountingStore, Tx } from '../common/accounting.store';
import { isoInstant } from '../common/sql';
import { EmpresaView } from './dto/empresa.view';
import { Regimen } from './regimen';

const VIEW = `id, rut, razon_social, regimen, trim_scale(tasa_ppm)::text AS tasa_ppm, created_by,
  ${isoInstant('created_at')}`;

/** A new empresa's row: the gateway's canonical data for its RUT. */
export interface NewEmpresa {
  rut: string;
  razonSocial: string;
  regimen: Regimen;
  datos: unknown;
  createdBy: string;
}

/** Empresas (`empresa`). */
@Injectable()
export class EmpresasStore extends AccountingStore {
  async insert(tx: Tx, e: NewEmpresa): Promise<EmpresaView> {
    const [row] = await tx.query(
      `INSERT INTO empresa (rut, razon_social, regimen, datos_contribuyente, created_by)
         VALUES ($1, $2, $3, $4, $5) RETURNING ${VIEW}`,
      [e.rut, e.razonSocial, e.regimen, JSON.stringify(e.datos), e.createdBy],
    );
    return row;
  }

  /** With the gateway data it was created from. */
  async get(id: string): Promise<EmpresaView> {
    const [row] = await this.ds.query(`SELECT ${VIEW}, datos_contribuyente FROM empresa WHERE id = $1`, [id]);
    return row;
  }

  /** By RUT; `rut` filters to one. */
  list(rut?: string): Promise<EmpresaView[]> {
    return this.ds.query(`SELECT ${VIEW} FROM empresa WHERE ($1::text IS NULL OR rut = $1) ORDER BY rut`, [rut ?? null]);
  }

  /** Sets the PPM rate (percent, a decimal string); undefined for an unknown empresa. */
  async setTasaPpm(tx: Tx, id: string, tasa: string): Promise<EmpresaView | undefined> {
    // A CTE so the driver returns rows (TypeORM answers a bare UPDATE with [rows, count]).
    const [row] = await tx.query(`WITH u AS (UPDATE empresa SET tasa_ppm = $2 WHERE id = $1 RETURNING *) SELECT ${VIEW} FROM u`, [
      id,
      tasa,
    ]);
    return row;
  }

  async rutExists(rut: string): Promise<boolean> {
    const rows = await this.ds.query('SELECT 1 FROM empresa WHERE rut = $1', [rut]);
    return rows.length > 0;
  }
}
