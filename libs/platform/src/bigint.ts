import type { ValueTransformer } from 'typeorm';

/** node-postgres' `bigint` string as an exact number (CLP pesos, 10-digit folios: below 2^53); throws rather than round. */
export function bigintToNumber(value: string | number | bigint): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`value ${String(value)} is not an integer within 2^53`);
  return n;
}

/** TypeORM transformer of `bigint` columns to {@link bigintToNumber}. */
export const bigintTransformer: ValueTransformer = {
  to: (value: number | null | undefined): string | null | undefined => (value === null || value === undefined ? value : String(value)),
  from: (value: string | number | null): number | null => (value === null ? null : bigintToNumber(value)),
};
