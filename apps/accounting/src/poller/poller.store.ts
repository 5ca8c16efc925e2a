import { Injectable } from '@nestjs/common';
import { sha256Hex } from '@lib/platform';
import { AccountingStore, Tx } from '../common/accounting.store';
import { isoInstant } from '../common/sql';

export interface NewMensaje {
  messageId: string;
  receivedAt: string;
  empresaId: string | null;
  adjuntos: number;
  processedBy: string;
}

export interface EmpresaRut {
  id: string;
  rut: string;
}

@Injectable()
export class PollerStore extends AccountingStore {
  /** Undefined when it exists; a concurrent claim waits on the uncommitted row. */
  async claimMensaje(tx: Tx, m: NewMensaje): Promise<string | undefined> {
    const [claimed] = await tx.query(
      `INSERT INTO mensaje_procesado (message_id, message_id_sha256, received_at, empresa_id, adjuntos, processed_by)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT ON CONSTRAINT mensaje_procesado_message_uq DO NOTHING RETURNING id`,
      [m.messageId, sha256Hex(m.messageId), m.receivedAt, m.empresaId, m.adjuntos, m.processedBy],
    );
    return claimed?.id;
  }

  async priorMensaje(tx: Tx, messageId: string): Promise<{ id: string; empresa_id: string | null; processed_at: string }> {
    const [prior] = await tx.query(
      `SELECT id, empresa_id, ${isoInstant('processed_at')}
         FROM mensaje_procesado WHERE message_id_sha256 = $1`,
      [sha256Hex(messageId)],
    );
    return prior;
  }

  async recordResult(tx: Tx, id: string, documentos: number, facturasNuevas: number, resultado: unknown): Promise<void> {
    await tx.query('UPDATE mensaje_procesado SET documentos = $2, facturas_nuevas = $3, resultado = $4 WHERE id = $1', [
      id,
      documentos,
      facturasNuevas,
      JSON.stringify(resultado),
    ]);
  }

  async empresaExists(id: string): Promise<boolean> {
    const rows = await this.ds.query('SELECT 1 FROM empresa WHERE id = $1', [id]);
    return rows.length > 0;
  }

  empresas(empresaId: string | undefined, ruts: string[]): Promise<EmpresaRut[]> {
    return empresaId
      ? this.ds.query('SELECT id, rut FROM empresa WHERE id = $1', [empresaId])
      : this.ds.query('SELECT id, rut FROM empresa WHERE rut = ANY($1)', [ruts]);
  }

  /** In id order: the order their locks are taken in. */
  empresasByRut(tx: Tx, ruts: string[]): Promise<EmpresaRut[]> {
    return tx.query('SELECT id, rut FROM empresa WHERE rut = ANY($1) ORDER BY id', [ruts]);
  }
}
