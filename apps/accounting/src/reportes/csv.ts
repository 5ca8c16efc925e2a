import { stringify } from 'csv-stringify/sync';
import { BalanceView } from './dto/balance.view';
import { EstadoResultadosView } from './dto/estado-resultados.view';
import { LibroDiarioView } from './dto/libro-diario.view';
import { LibroMayorView } from './dto/libro-mayor.view';

/**
 * RFC 4180 CSV with a header row; amounts as plain integers (CLP pesos). A text cell that starts with
 * `=`, `+`, `-`, `@`, tab or CR gets a leading `'` (OWASP "CSV Injection"): a glosa or a supplier's name
 * must never run as a spreadsheet formula. Negative amounts stay numbers.
 */
export function csv(header: string[], rows: unknown[][]): string {
  return stringify([header, ...rows], { record_delimiter: '\r\n', escape_formulas: true });
}

export function balanceCsv(r: BalanceView): string {
  const cols = ['sumas_debe', 'sumas_haber', 'saldo_deudor', 'saldo_acreedor', 'activo', 'pasivo', 'perdidas', 'ganancias'] as const;
  return csv(
    ['codigo', 'nombre', ...cols],
    [...r.filas.map((f) => [f.codigo, f.nombre, ...cols.map((c) => f[c])]), ['', 'Totales', ...cols.map((c) => r.totales[c])]],
  );
}

export function estadoResultadosCsv(r: EstadoResultadosView): string {
  return csv(
    ['codigo', 'nombre', 'seccion', 'monto'],
    [
      ...r.detalle.map((d) => [d.codigo, d.nombre, d.seccion, d.monto]),
      ['', 'Margen bruto', '', r.margen_bruto],
      ['', 'Resultado operacional', '', r.resultado_operacional],
      ['', 'Resultado', '', r.resultado],
    ],
  );
}

export function libroDiarioCsv(r: LibroDiarioView): string {
  return csv(
    ['fecha', 'numero', 'glosa', 'linea', 'cuenta', 'cuenta_nombre', 'debe', 'haber'],
    [
      ...r.asientos.flatMap((a) =>
        a.lineas.map((l) => [a.fecha, a.numero, l.glosa ?? a.glosa, l.linea, l.cuenta, l.cuenta_nombre, l.debe, l.haber]),
      ),
      ['', '', 'Totales', '', '', '', r.totales.debe, r.totales.haber],
    ],
  );
}

export function libroMayorCsv(r: LibroMayorView): string {
  return csv(
    ['cuenta', 'nombre', 'fecha', 'numero', 'glosa', 'debe', 'haber', 'saldo'],
    r.cuentas.flatMap((c) => [
      [c.codigo, c.nombre, r.desde, '', 'Saldo inicial', '', '', c.saldo_inicial],
      ...c.movimientos.map((m) => [c.codigo, c.nombre, m.fecha, m.numero, m.glosa, m.debe, m.haber, m.saldo]),
    ]),
  );
}
