import { bigintToNumber, bigintTransformer } from '@lib/platform';

/**
 * CLP whole pesos: `bigint` in PostgreSQL, strings from node-postgres, JSON numbers in the API, so every
 * amount must be a JS safe integer.
 */

export const MAX_PESOS = Number.MAX_SAFE_INTEGER;

/** Not an integer or not safe is a data problem worth a 500, never silently rounded. */
export function toPesos(value: string | number | bigint | null | undefined): number {
  return value === null || value === undefined ? 0 : bigintToNumber(value);
}

export const pesosTransformer = bigintTransformer;
