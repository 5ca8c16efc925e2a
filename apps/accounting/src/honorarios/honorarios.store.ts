import { Injectable } from '@nestjs/common';
import { AccountingStore, Tx } from '../common/accounting.store';
import { toPesos } from '../common/money';

export interface BoletaLibro {
  id: string;
  asiento_id: string;
  reversa_id: string | null;
  tasa: string;
  retencion: number;
  retencion_sii: number;
  liquido: number;
}

export interface NuevaBoleta {
  empresaId: string;
  rutEmisor: string;
  nombreEmisor: string;
  folio: number;
  fecha: string;
  bruto: number;
  tasa: string;
  retencion: number;
  retencionSii: number;
  codigoBarras: string;
  asientoId: string;
  caller: string;
}

/** Boletas de honorarios booked (`boleta_honorarios`). */
@Injectable()
export class HonorariosStore extends AccountingStore {
  async find(tx: Tx, empresaId: string, rutEmisor: string, folio: number): Promise<BoletaLibro | undefined> {
    const [row] = await tx.query(
      `SELECT id, asiento_id, reversa_id, tasa::text AS tasa, retencion, retencion_sii, liquido
         FROM boleta_honorarios WHERE empresa_id = $1 AND rut_emisor = $2 AND folio = $3`,
      [empresaId, rutEmisor, folio],
    );
    return row && { ...row, retencion: toPesos(row.retencion), retencion_sii: toPesos(row.retencion_sii), liquido: toPesos(row.liquido) };
  }

  async insert(tx: Tx, b: NuevaBoleta): Promise<void> {
    await tx.query(
      `INSERT INTO boleta_honorarios (empresa_id, rut_emisor, nombre_emisor, folio, fecha, bruto, tasa, retencion, retencion_sii, liquido,
                                      codigo_barras, asiento_id, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        b.empresaId,
        b.rutEmisor,
        b.nombreEmisor.replace(/\0/g, '').slice(0, 200),
        b.folio,
        b.fecha,
        b.bruto,
        b.tasa,
        b.retencion,
        b.retencionSii,
        b.bruto - b.retencion,
        b.codigoBarras.slice(0, 64),
        b.asientoId,
        b.caller,
      ],
    );
  }

  async setReversa(tx: Tx, id: string, reversaId: string): Promise<void> {
    await tx.query('UPDATE boleta_honorarios SET reversa_id = $2 WHERE id = $1', [id, reversaId]);
  }
}
