import { Injectable } from '@nestjs/common';
import { toPesos } from '../common/money';
import { parsePeriodo } from '../common/periodo';
import { ReportesStore } from './reportes.store';
import {
  BalanceColumnasView as Totales,
  BalanceFilaView,
  BalanceGeneralView,
  BalanceView,
  SeccionBalanceView as Seccion,
} from './dto/balance.view';

const COLUMNS = ['sumas_debe', 'sumas_haber', 'saldo_deudor', 'saldo_acreedor', 'activo', 'pasivo', 'perdidas', 'ganancias'] as const;

/**
 * Balance de ocho columnas (balance tributario), fiscal year to date, plus the classified balance sheet.
 * Checks: both sums columns equal, both saldos equal, activo - pasivo = ganancias - pérdidas
 * (docs/research/registry-ledger-accounting.md §3.5).
 */
@Injectable()
export class BalanceReportService {
  constructor(private readonly store: ReportesStore) {}

  async build(empresaId: string, periodoText: string): Promise<BalanceView> {
    const p = parsePeriodo(periodoText);
    const rows = (await this.store.balance(empresaId, p)) as Row[];
    const filas: BalanceFilaView[] = rows.map((r) => ({
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
      balance_general: toBalanceGeneralView(rows, resultado),
    };
  }
}

/** pg numerics as text, plus the level-2 account (null when none). */
type Row = Record<keyof BalanceFilaView, string> & { grupo_codigo: string | null; grupo_nombre: string; grupo_tipo: string };

const BALANCE_TIPOS = ['activo', 'pasivo', 'patrimonio'];

/** Balance-sheet accounts rolled up to their level-2 account (skipped when it does not exist), in code order. */
function toBalanceGeneralView(rows: Row[], resultado: number): BalanceGeneralView {
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

function columnas(get: (c: (typeof COLUMNS)[number]) => number): Totales {
  const [sumas_debe, sumas_haber, saldo_deudor, saldo_acreedor, activo, pasivo, perdidas, ganancias] = COLUMNS.map(get);
  return { sumas_debe, sumas_haber, saldo_deudor, saldo_acreedor, activo, pasivo, perdidas, ganancias };
}
