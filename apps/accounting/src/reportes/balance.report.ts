import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { requireEmpresa } from '../common/empresa-lock';
import { toPesos } from '../common/money';
import { parsePeriodo } from '../common/periodo';
import { inSnapshot } from '../common/snapshot';
import { CODE_ORDER, openingBalancesSql } from './opening-sql';
import { BalanceColumnas as Totales, BalanceFila, BalanceReport, SeccionBalance as Seccion } from './dto/balance.view';

const COLUMNS = ['sumas_debe', 'sumas_haber', 'saldo_deudor', 'saldo_acreedor', 'activo', 'pasivo', 'perdidas', 'ganancias'] as const;

// $1 empresa, $2 fiscal-year start, $3 period end. One row per posting account with any amount;
// the opening balance (earlier years) enters the sums columns like an asiento de apertura. This is
// the only pass over the lines: totals and balance sheet are derived from these (few) rows.
const ROWS_SQL = `
  WITH apertura AS (${openingBalancesSql('$2', '$2')}),
  mov AS (
    SELECT l.cuenta_id, SUM(l.debe) AS debe, SUM(l.haber) AS haber
      FROM linea_asiento l JOIN asiento a ON a.id = l.asiento_id
     WHERE l.empresa_id = $1 AND a.fecha BETWEEN $2 AND $3
     GROUP BY l.cuenta_id),
  sumas AS (
    SELECT c.id, c.codigo, c.nombre, c.tipo,
           COALESCE(m.debe, 0) + GREATEST(COALESCE(ap.saldo, 0), 0) AS sumas_debe,
           COALESCE(m.haber, 0) + GREATEST(-COALESCE(ap.saldo, 0), 0) AS sumas_haber
      FROM cuenta c LEFT JOIN mov m ON m.cuenta_id = c.id LEFT JOIN apertura ap ON ap.cuenta_id = c.id
     WHERE c.empresa_id = $1 AND (m.cuenta_id IS NOT NULL OR ap.cuenta_id IS NOT NULL)),
  filas AS (
    SELECT s.*, GREATEST(sumas_debe - sumas_haber, 0) AS saldo_deudor, GREATEST(sumas_haber - sumas_debe, 0) AS saldo_acreedor
      FROM sumas s)
  SELECT f.codigo, f.nombre, f.tipo, f.sumas_debe, f.sumas_haber, f.saldo_deudor, f.saldo_acreedor,
         CASE WHEN f.tipo IN ('activo', 'pasivo', 'patrimonio') THEN f.saldo_deudor ELSE 0 END AS activo,
         CASE WHEN f.tipo IN ('activo', 'pasivo', 'patrimonio') THEN f.saldo_acreedor ELSE 0 END AS pasivo,
         CASE WHEN f.tipo IN ('ingreso', 'gasto') THEN f.saldo_deudor ELSE 0 END AS perdidas,
         CASE WHEN f.tipo IN ('ingreso', 'gasto') THEN f.saldo_acreedor ELSE 0 END AS ganancias,
         g.codigo AS grupo_codigo, g.nombre AS grupo_nombre, g.tipo AS grupo_tipo
    FROM filas f
    -- The level-2 account (e.g. 1.1 for 1.1.03) that the classified balance sheet rolls up to.
    LEFT JOIN cuenta g ON g.empresa_id = $1 AND g.codigo = split_part(f.codigo, '.', 1) || '.' || split_part(f.codigo, '.', 2)
   ORDER BY ${CODE_ORDER('f')}`;

/**
 * Balance de ocho columnas (balance tributario) at the end of the period, fiscal year to date:
 * sumas (débitos, créditos), saldos (deudor, acreedor), inventario (activo, pasivo) and
 * resultados (pérdidas, ganancias), plus the classified balance sheet. Checks: both sums
 * columns equal, both saldos columns equal, activo - pasivo = ganancias - pérdidas = the result
 * of the year (docs/research/registry-ledger-accounting.md §3.5). Aggregated in SQL.
 */
@Injectable()
export class BalanceReportService {
  constructor(private readonly ds: DataSource) {}

  /** @throws 400 bad periodo; 404 empresa. */
  async build(empresaId: string, periodoText: string): Promise<BalanceReport> {
    const p = parsePeriodo(periodoText);
    const params = [empresaId, p.inicioEjercicio, p.hasta];
    const rows: Row[] = await inSnapshot(this.ds, async (em) => {
      await requireEmpresa(em, empresaId);
      return em.query(ROWS_SQL, params);
    });
    const filas: BalanceFila[] = rows.map((r) => ({
      codigo: r.codigo,
      nombre: r.nombre,
      tipo: r.tipo,
      ...columnas((c) => toPesos(r[c])),
    }));
    const totales = columnas((c) => toPesos(filas.reduce((s, f) => s + f[c], 0)));
    const resultado = totales.ganancias - totales.perdidas;
    return {
      empresa_id: empresaId,
      periodo: p.periodo,
      desde: p.inicioEjercicio,
      hasta: p.hasta,
      filas,
      totales,
      resultado_ejercicio: resultado,
      cuadratura: {
        sumas: totales.sumas_debe === totales.sumas_haber,
        saldos: totales.saldo_deudor === totales.saldo_acreedor,
        inventario_resultado: totales.activo - totales.pasivo === resultado,
      },
      balance_general: balanceGeneral(rows, resultado),
    };
  }
}

/** Query row: a BalanceFila as text (pg numerics) plus its level-2 account (null when none). */
type Row = Record<keyof BalanceFila, string> & { grupo_codigo: string | null; grupo_nombre: string; grupo_tipo: string };

const BALANCE_TIPOS = ['activo', 'pasivo', 'patrimonio'];

/**
 * Classified balance sheet: balance-sheet accounts rolled up to their level-2 account (skipped when
 * that account does not exist), each group in the section of the level-2 account's tipo. Rows come
 * in code order, so the groups appear in code order too.
 */
function balanceGeneral(rows: Row[], resultado: number) {
  const grupos = new Map<string, { codigo: string; nombre: string; tipo: string; saldo: number }>();
  for (const r of rows.filter((row) => row.grupo_codigo !== null && BALANCE_TIPOS.includes(row.tipo))) {
    const saldo = toPesos(r.saldo_deudor) - toPesos(r.saldo_acreedor);
    const g = grupos.get(r.grupo_codigo as string) ?? {
      codigo: r.grupo_codigo as string,
      nombre: r.grupo_nombre,
      tipo: r.grupo_tipo,
      saldo: 0,
    };
    g.saldo += r.tipo === 'activo' ? saldo : -saldo;
    grupos.set(g.codigo, g);
  }
  const seccion = (tipo: string): Seccion => {
    const cuentas = [...grupos.values()]
      .filter((g) => g.tipo === tipo)
      .map((g) => ({ codigo: g.codigo as string | null, nombre: g.nombre, saldo: g.saldo }));
    return { total: cuentas.reduce((s, c) => s + c.saldo, 0), cuentas };
  };
  const activo = seccion('activo');
  const pasivo = seccion('pasivo');
  const patrimonio = seccion('patrimonio');
  patrimonio.cuentas.push({ codigo: null, nombre: 'Resultado del ejercicio', saldo: resultado });
  patrimonio.total += resultado;
  const total = pasivo.total + patrimonio.total;
  return { activo, pasivo, patrimonio, total_pasivo_patrimonio: total, cuadra: activo.total === total };
}

/** The eight columns, each from `get`. */
function columnas(get: (c: (typeof COLUMNS)[number]) => number): Totales {
  const [sumas_debe, sumas_haber, saldo_deudor, saldo_acreedor, activo, pasivo, perdidas, ganancias] = COLUMNS.map(get);
  return { sumas_debe, sumas_haber, saldo_deudor, saldo_acreedor, activo, pasivo, perdidas, ganancias };
}
