/**
 * Opening balance per posting account at the start of a date (`fecha < before`), as SQL.
 * Balance-sheet accounts carry everything before; result accounts only what falls in the
 * current fiscal year (`fecha >= yearStart`); the results of earlier years are carried into the
 * account with role `resultados_acumulados` (what the year-end closing entry would do), so the
 * openings of all accounts still sum to zero.
 *
 * Placeholders: `$1` empresa, and the two given ones. Yields `(cuenta_id, saldo)` with saldo =
 * debe - haber (a debit balance is positive), CLP pesos as numeric.
 */
export function openingBalancesSql(before: string, yearStart: string): string {
  return `
    SELECT cuenta_id, SUM(saldo) AS saldo FROM (
      SELECT l.cuenta_id, l.debe - l.haber AS saldo
        FROM linea_asiento l JOIN asiento a ON a.id = l.asiento_id JOIN cuenta c ON c.id = l.cuenta_id
       WHERE l.empresa_id = $1 AND a.fecha < ${before}
         AND (c.tipo IN ('activo', 'pasivo', 'patrimonio') OR a.fecha >= ${yearStart})
      UNION ALL
      SELECT (SELECT id FROM cuenta WHERE empresa_id = $1 AND rol = 'resultados_acumulados'), l.debe - l.haber
        FROM linea_asiento l JOIN asiento a ON a.id = l.asiento_id JOIN cuenta c ON c.id = l.cuenta_id
       WHERE l.empresa_id = $1 AND a.fecha < LEAST(${before}, ${yearStart}) AND c.tipo IN ('ingreso', 'gasto')
    ) o GROUP BY cuenta_id`;
}

/** Sort accounts by their dotted code numerically (1.2 before 1.10). */
export const CODE_ORDER = (alias: string) => `string_to_array(${alias}.codigo, '.')::int[]`;
