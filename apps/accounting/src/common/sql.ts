/** A timestamptz as the API shows every instant (`2026-01-15T12:00:00.000Z`), formatted by PostgreSQL. */
export function isoInstant(column: string, alias: string = column.replace(/^.*\./, '')): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${alias}`;
}

/** The entry in `column` exists and has not been reversed (docs/accounting.md: a reversal leaves the original in place). */
export function asientoVigente(column: string): string {
  return `(${column} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM asiento r WHERE r.reversa_de = ${column}))`;
}
