import { bigintToNumber, bigintTransformer } from '@lib/platform';

/**
 * Money in the books is CLP in whole pesos. PostgreSQL keeps it in `bigint`; node-postgres hands
 * `bigint` and `numeric` (what SUM returns) back as strings. The API transports pesos as JSON
 * numbers, so every amount must fit in a JS safe integer (2^53 - 1 pesos, far above any real total).
 */

/** Largest amount accepted or returned (Number.MAX_SAFE_INTEGER pesos). */
export const MAX_PESOS = Number.MAX_SAFE_INTEGER;

/**
 * Converts a database value (string from `bigint`/`numeric`, or a number) to whole pesos.
 * @throws Error when the value is not an integer or does not fit in a safe JS integer: that is a
 * data problem worth a 500, never silently rounded.
 */
export function toPesos(value: string | number | bigint | null | undefined): number {
  return value === null || value === undefined ? 0 : bigintToNumber(value);
}

/** TypeORM column transformer for `bigint` peso columns (string in the driver, number in the model). */
export const pesosTransformer = bigintTransformer;
