import { Injectable } from '@nestjs/common';
import { AccountingStore, Tx } from '../common/accounting.store';
import { isoInstant } from '../common/sql';
import { OrigenAsiento } from './origen-asiento';

export interface AsientoRow {
  empresaId: string;
  numero: number;
  fecha: string;
  glosa: string;
  origen: OrigenAsiento;
  reversaDe: string | null;
  createdBy: string;
}

export interface LineaRow {
  cuentaId: string;
  debe: number;
  haber: number;
  glosa: string | null;
}

export interface PriorRequest {
  operacion: string;
  request_sha256: string;
  status: number;
  respuesta: unknown;
}

@Injectable()
export class AsientosStore extends AccountingStore {
  async insertAsiento(tx: Tx, a: AsientoRow): Promise<string> {
    const [{ id }] = await tx.query(
      `INSERT INTO asiento (empresa_id, numero, fecha, glosa, origen, reversa_de, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [a.empresaId, a.numero, a.fecha, a.glosa, a.origen, a.reversaDe, a.createdBy],
    );
    return id;
  }

  async insertLineas(tx: Tx, asientoId: string, empresaId: string, lineas: LineaRow[]): Promise<void> {
    const params: unknown[] = [asientoId, empresaId];
    const rows = lineas.map((l, i) => {
      params.push(i + 1, l.cuentaId, l.debe, l.haber, l.glosa);
      const b = 2 + i * 5;
      return `($1, $2, $${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5})`;
    });
    await tx.query(
      `INSERT INTO linea_asiento (asiento_id, empresa_id, linea, cuenta_id, debe, haber, glosa) VALUES ${rows.join(', ')}`,
      params,
    );
  }

  async findAsiento(tx: Tx | undefined, asientoId: string, empresaId?: string): Promise<Record<string, unknown> | undefined> {
    const [a] = await this.db(tx).query(
      `SELECT a.id, a.empresa_id, a.numero, a.fecha::text AS fecha, a.glosa, a.origen, a.reversa_de,
              (SELECT r.id FROM asiento r WHERE r.reversa_de = a.id) AS reversado_por,
              ${isoInstant('a.created_at')}, a.created_by
         FROM asiento a WHERE a.id = $1 AND ($2::uuid IS NULL OR a.empresa_id = $2)`,
      [asientoId, empresaId ?? null],
    );
    return a;
  }

  lineas(
    tx: Tx | undefined,
    asientoId: string,
  ): Promise<{ linea: number; cuenta: string; cuenta_nombre: string; debe: string; haber: string; glosa: string | null }[]> {
    return this.db(tx).query(
      `SELECT l.linea, c.codigo AS cuenta, c.nombre AS cuenta_nombre, l.debe, l.haber, l.glosa
         FROM linea_asiento l JOIN cuenta c ON c.id = l.cuenta_id
        WHERE l.asiento_id = $1 ORDER BY l.linea`,
      [asientoId],
    );
  }

  async reversalOf(tx: Tx, asientoId: string): Promise<string | undefined> {
    const [done] = await tx.query('SELECT id FROM asiento WHERE reversa_de = $1', [asientoId]);
    return done?.id;
  }

  /** False when it exists; a concurrent claim waits on the uncommitted row. */
  async claimKey(tx: Tx, caller: string, clave: string, operacion: string, requestSha256: string): Promise<boolean> {
    const claimed = await tx.query(
      `INSERT INTO idempotencia (caller, clave, operacion, request_sha256) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING clave`,
      [caller, clave, operacion, requestSha256],
    );
    return claimed.length > 0;
  }

  async priorRequest(tx: Tx, caller: string, clave: string): Promise<PriorRequest> {
    const [prior] = await tx.query(
      'SELECT operacion, request_sha256, status, respuesta FROM idempotencia WHERE caller = $1 AND clave = $2',
      [caller, clave],
    );
    return prior;
  }

  async storeAnswer(tx: Tx, caller: string, clave: string, status: number, body: unknown): Promise<void> {
    await tx.query('UPDATE idempotencia SET status = $3, respuesta = $4 WHERE caller = $1 AND clave = $2', [
      caller,
      clave,
      status,
      JSON.stringify(body),
    ]);
  }
}
