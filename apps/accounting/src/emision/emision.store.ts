import { Injectable } from '@nestjs/common';
import type { ResultadoSii } from '@lib/contracts';
import { AccountingStore, Tx } from '../common/accounting.store';

export interface PriorSolicitud {
  request_sha256: string;
  estado: string;
  status: number;
  respuesta: Record<string, unknown>;
}

export interface NewDocumentoEmitido {
  empresaId: string;
  tipoDte: number;
  folio: number;
  fecha: string;
  rutReceptor: string;
  razonSocialReceptor: string;
  montos: { neto: number; exento: number; iva: number; total: number };
  emisionId: string;
  trackid: string | null;
  estado: string;
  referencias: unknown[];
  createdBy: string;
}

/** Numerics as text. */
export interface DocumentoRow {
  id: string;
  empresa_id: string;
  tipo_dte: number;
  folio: string;
  fecha_emision: string;
  rut_receptor: string;
  razon_social_receptor: string;
  neto: string;
  exento: string;
  iva: string;
  total: string;
  emision_id: string;
  trackid: string | null;
  estado: string;
  resultado: ResultadoSii;
  asiento_id: string | null;
  asiento_numero: number | null;
}

export interface Pendiente {
  id: string;
  empresa_id: string;
  tipo_dte: number;
  folio: string;
  emision_id: string;
  asiento_id: string | null;
}

@Injectable()
export class EmisionStore extends AccountingStore {
  /** Committed at once; false when the key exists. */
  async claimKey(caller: string, clave: string, requestSha256: string, empresaId: string): Promise<boolean> {
    const claimed = await this.ds.query(
      `INSERT INTO emision_solicitud (caller, clave, request_sha256, empresa_id, estado) VALUES ($1, $2, $3, $4, 'pendiente')
         ON CONFLICT DO NOTHING RETURNING clave`,
      [caller, clave, requestSha256, empresaId],
    );
    return claimed.length > 0;
  }

  async priorSolicitud(caller: string, clave: string): Promise<PriorSolicitud | undefined> {
    const [prior] = await this.ds.query(
      'SELECT request_sha256, estado, status, respuesta FROM emision_solicitud WHERE caller = $1 AND clave = $2',
      [caller, clave],
    );
    return prior;
  }

  async completeKey(tx: Tx | null, caller: string, clave: string, status: number, body: unknown): Promise<void> {
    await this.db(tx).query(
      `UPDATE emision_solicitud SET estado = 'completada', status = $3, respuesta = $4, updated_at = now()
        WHERE caller = $1 AND clave = $2`,
      [caller, clave, status, JSON.stringify(body)],
    );
  }

  async releaseKey(caller: string, clave: string): Promise<void> {
    await this.ds.query(`DELETE FROM emision_solicitud WHERE caller = $1 AND clave = $2 AND estado = 'pendiente'`, [caller, clave]);
  }

  async insertDocumento(tx: Tx, d: NewDocumentoEmitido): Promise<string> {
    const m = d.montos;
    const [{ id }] = await tx.query(
      `INSERT INTO documento_emitido (empresa_id, tipo_dte, folio, fecha_emision, rut_receptor, razon_social_receptor, neto, exento, iva, total,
                                      emision_id, trackid, estado, referencias, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
      [
        d.empresaId,
        d.tipoDte,
        d.folio,
        d.fecha,
        d.rutReceptor,
        d.razonSocialReceptor,
        m.neto,
        m.exento,
        m.iva,
        m.total,
        d.emisionId,
        d.trackid,
        d.estado,
        JSON.stringify(d.referencias),
        d.createdBy,
      ],
    );
    return id;
  }

  async setAsiento(tx: Tx, documentoId: string, asientoId: string): Promise<void> {
    await tx.query('UPDATE documento_emitido SET asiento_id = $2 WHERE id = $1', [documentoId, asientoId]);
  }

  async documento(tx: Tx, id: string): Promise<DocumentoRow> {
    const [r] = await tx.query(
      `SELECT d.*, d.fecha_emision::text AS fecha_emision, a.numero AS asiento_numero
         FROM documento_emitido d LEFT JOIN asiento a ON a.id = d.asiento_id WHERE d.id = $1`,
      [id],
    );
    return r;
  }

  pendientes(): Promise<Pendiente[]> {
    return this.ds.query(
      `SELECT id, empresa_id, tipo_dte, folio::text AS folio, emision_id, asiento_id FROM documento_emitido
        WHERE resultado = 'pendiente' ORDER BY created_at LIMIT 100`,
    );
  }

  /** What the gateway last said of the document: its state, its outcome and its trackid (kept when it says none). */
  async setSeguimiento(id: string, s: { estado: string; resultado: ResultadoSii; trackid: string | null | undefined }): Promise<void> {
    await this.ds.query('UPDATE documento_emitido SET estado = $2, resultado = $3, trackid = COALESCE($4, trackid) WHERE id = $1', [
      id,
      s.estado,
      s.resultado,
      s.trackid,
    ]);
  }
}
