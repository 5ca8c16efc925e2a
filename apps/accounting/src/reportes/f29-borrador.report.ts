import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { requireEmpresa } from '../common/empresa-lock';
import { toPesos } from '../common/money';
import { parsePeriodo } from '../common/periodo';
import { inSnapshot } from '../common/snapshot';
import { F29Borrador } from './dto/f29-borrador.view';

// $1 empresa, $2 first day of the month, $3 last day. Monthly IVA movements from the books, by the
// accounts' roles. Entries that move BOTH IVA accounts are the monthly IVA settlement (IVA DF against
// IVA CF), not débitos or créditos of the month: they are left out. The carried credit is the running
// sum of (crédito − débito) clamped at zero each month (a month that owes IVA pays it and carries
// nothing), i.e. W(n) = S(n) − min(0, min S(k≤n)), computed with window functions.
const F29_SQL = `
  WITH liquidaciones AS (
    SELECT l.asiento_id FROM linea_asiento l JOIN cuenta c ON c.id = l.cuenta_id
     WHERE l.empresa_id = $1 AND c.rol IN ('iva_debito', 'iva_credito')
     GROUP BY l.asiento_id HAVING COUNT(DISTINCT c.rol) = 2
  ), iva AS (
    SELECT date_trunc('month', a.fecha)::date AS mes,
           COALESCE(SUM(l.haber - l.debe) FILTER (WHERE c.rol = 'iva_debito'), 0) AS debito,
           COALESCE(SUM(l.debe - l.haber) FILTER (WHERE c.rol = 'iva_credito'), 0) AS credito
      FROM linea_asiento l JOIN asiento a ON a.id = l.asiento_id JOIN cuenta c ON c.id = l.cuenta_id
     WHERE l.empresa_id = $1 AND a.fecha <= $3 AND c.rol IN ('iva_debito', 'iva_credito')
       AND l.asiento_id NOT IN (SELECT asiento_id FROM liquidaciones)
     GROUP BY 1
  ), corrido AS (
    SELECT mes, debito, credito, SUM(credito - debito) OVER (ORDER BY mes) AS s FROM iva
  ), remanente AS (
    SELECT mes, s - LEAST(0, MIN(s) OVER (ORDER BY mes)) AS remanente_final FROM corrido
  )
  SELECT COALESCE((SELECT debito FROM iva WHERE mes = $2::date), 0) AS debito_fiscal,
         COALESCE((SELECT credito FROM iva WHERE mes = $2::date), 0) AS credito_fiscal,
         COALESCE((SELECT remanente_final FROM remanente WHERE mes < $2::date ORDER BY mes DESC LIMIT 1), 0) AS remanente_anterior,
         (SELECT COALESCE(SUM(CASE WHEN tipo_dte = 61 THEN -iva ELSE iva END), 0) FROM documento_emitido
           WHERE empresa_id = $1 AND fecha_emision BETWEEN $2 AND $3) AS doc_debito,
         (SELECT COALESCE(SUM(CASE WHEN tipo_dte = 61 THEN -iva ELSE iva END), 0) FROM factura
           WHERE empresa_id = $1 AND fecha_emision BETWEEN $2 AND $3) AS doc_credito`;

export const F29_AVISO =
  'Borrador calculado desde los libros (cuentas IVA Débito y Crédito Fiscal). No es el formulario oficial F29 ni se envía al SII: ' +
  'no incluye PPM, retenciones, impuestos específicos ni el reajuste del remanente; revíselo antes de declarar.';

/**
 * Borrador de F29 (IVA part) for one month, from the books: débito fiscal − (crédito fiscal +
 * remanente del período anterior) = IVA a pagar, or remanente for the next month (docs/research/registry-ledger-accounting.md §3.2
 * "Monthly IVA (F29)": IVA DF − IVA CF gives tax payable or carried-forward credit, Remanente CF,
 * F29 code 077). A draft, not the official form: no PPM, withholdings, other taxes, and the carried
 * credit is not readjusted by the UTM variation. Aggregated in SQL.
 */
@Injectable()
export class F29BorradorReportService {
  constructor(private readonly ds: DataSource) {}

  /** @param periodoText `YYYY-MM`. @throws 400 bad periodo; 404 empresa. */
  async build(empresaId: string, periodoText: string): Promise<F29Borrador> {
    const p = parsePeriodo(periodoText);
    const [row] = await inSnapshot(this.ds, async (em) => {
      await requireEmpresa(em, empresaId);
      return em.query(F29_SQL, [empresaId, p.desde, p.hasta]);
    });
    const debito = toPesos(row.debito_fiscal);
    const credito = toPesos(row.credito_fiscal);
    const remanente = toPesos(row.remanente_anterior);
    const creditos = credito + remanente;
    return {
      empresa_id: empresaId,
      periodo: p.periodo,
      borrador: true,
      aviso: F29_AVISO,
      debito_fiscal: debito,
      credito_fiscal: credito,
      remanente_anterior: remanente,
      total_creditos: creditos,
      iva_a_pagar: Math.max(debito - creditos, 0),
      remanente_siguiente: Math.max(creditos - debito, 0),
      segun_documentos: { debito_fiscal: toPesos(row.doc_debito), credito_fiscal: toPesos(row.doc_credito) },
    };
  }
}
