/** A timestamptz as the API shows every instant (`2026-01-15T12:00:00.000Z`), formatted by PostgreSQL. */
export function isoInstant(column: string, alias: string = column.replace(/^.*\./, '')): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${alias}`;
}
