import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { requireEmpresa } from '../common/empresa-lock';
import { toPesos } from '../common/money';
import { parsePeriodo } from '../common/periodo';
import { CODE_ORDER, openingBalancesSql } from './opening-sql';
import { LibroMayor, MayorMovimiento } from './dto/libro-mayor.view';

// $1 empresa, $2 desde, $3 hasta, $4 fiscal-year start, $5 optional codigo. Running balances by a
// window function; movements nested per account by json_agg.
const MAYOR_SQL = `
  WITH apertura AS (${openingBalancesSql('$2', '$4')}),
  mov AS (
    SELECT l.cuenta_id, a.fecha, a.id AS asiento_id, a.numero, COALESCE(l.glosa, a.glosa) AS glosa, l.linea, l.debe, l.haber,
           COALESCE(ap.saldo, 0) + SUM(l.debe - l.haber) OVER (PARTITION BY l.cuenta_id ORDER BY a.fecha, a.numero, l.linea) AS saldo
      FROM linea_asiento l JOIN asiento a ON a.id = l.asiento_id LEFT JOIN apertura ap ON ap.cuenta_id = l.cuenta_id
     WHERE l.empresa_id = $1 AND a.fecha BETWEEN $2 AND $3)
  SELECT c.codigo, c.nombre, c.tipo,
         COALESCE(ap.saldo, 0)::text AS saldo_inicial,
         COALESCE(SUM(m.debe), 0)::text AS total_debe,
         COALESCE(SUM(m.haber), 0)::text AS total_haber,
         (COALESCE(ap.saldo, 0) + COALESCE(SUM(m.debe - m.haber), 0))::text AS saldo_final,
         COALESCE(json_agg(json_build_object('fecha', m.fecha::text, 'asiento_id', m.asiento_id, 'numero', m.numero, 'glosa', m.glosa,
                                             'debe', m.debe, 'haber', m.haber, 'saldo', m.saldo)
                           ORDER BY m.fecha, m.numero, m.linea) FILTER (WHERE m.cuenta_id IS NOT NULL), '[]') AS movimientos
    FROM cuenta c
    LEFT JOIN apertura ap ON ap.cuenta_id = c.id
    LEFT JOIN mov m ON m.cuenta_id = c.id
   WHERE c.empresa_id = $1 AND c.imputable AND ($5::text IS NULL OR c.codigo = $5)
   GROUP BY c.id, c.codigo, c.nombre, c.tipo, ap.saldo
  HAVING $5::text IS NOT NULL OR ap.saldo IS NOT NULL OR count(m.cuenta_id) > 0
   ORDER BY ${CODE_ORDER('c')}`;

/**
 * Libro mayor: per posting account, the opening balance at the start of the period, each
 * movement with its running balance, and the closing balance. Balances are debe - haber.
 */
@Injectable()
export class LibroMayorReportService {
  constructor(private readonly ds: DataSource) {}

  /** @throws 400 bad periodo; 404 empresa. */
  async build(empresaId: string, periodoText: string, cuenta?: string): Promise<LibroMayor> {
    const p = parsePeriodo(periodoText);
    await requireEmpresa(this.ds.manager, empresaId);
    const rows: Record<string, unknown>[] = await this.ds.query(MAYOR_SQL, [
      empresaId,
      p.desde,
      p.hasta,
      p.inicioEjercicio,
      cuenta ?? null,
    ]);
    return {
      empresa_id: empresaId,
      periodo: p.periodo,
      desde: p.desde,
      hasta: p.hasta,
      cuentas: rows.map((r) => ({
        codigo: r.codigo as string,
        nombre: r.nombre as string,
        tipo: r.tipo as string,
        saldo_inicial: toPesos(r.saldo_inicial as string),
        total_debe: toPesos(r.total_debe as string),
        total_haber: toPesos(r.total_haber as string),
        saldo_final: toPesos(r.saldo_final as string),
        movimientos: r.movimientos as MayorMovimiento[],
      })),
    };
  }
}
