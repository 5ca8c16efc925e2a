import type { ValueTransformer } from 'typeorm';

/**
 * A PostgreSQL `bigint`/`numeric` value (node-postgres hands them over as strings) as an exact JS
 * number. Money here is whole CLP pesos and folios have at most 10 digits, all far below 2^53.
 * @throws Error when the value is not an integer or exceeds Number.MAX_SAFE_INTEGER: a data problem
 *   worth a 500, never silently rounded.
 */
export function bigintToNumber(value: string | number | bigint): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`value ${String(value)} is not an integer within 2^53`);
  return n;
}

/** TypeORM column transformer for `bigint` columns: string in the driver, exact number in the model. */
export const bigintTransformer: ValueTransformer = {
  to: (value: number | null | undefined): string | null | undefined => (value === null || value === undefined ? value : String(value)),
  from: (value: string | number | null): number | null => (value === null ? null : bigintToNumber(value)),
};
