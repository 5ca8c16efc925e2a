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
      `SELECT b.id, b.asiento_id, r.id AS reversa_id, b.tasa::text AS tasa, b.retencion, b.retencion_sii, b.liquido
         FROM boleta_honorarios b LEFT JOIN asiento r ON r.reversa_de = b.asiento_id
        WHERE b.empresa_id = $1 AND b.rut_emisor = $2 AND b.folio = $3`,
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
        b.nombreEmisor,
        b.folio,
        b.fecha,
        b.bruto,
        b.tasa,
        b.retencion,
        b.retencionSii,
        b.bruto - b.retencion,
        b.codigoBarras,
        b.asientoId,
        b.caller,
      ],
    );
  }
}
