import { ValueTransformer } from 'typeorm';

/**
 * PostgreSQL bigint <-> JS number. node-postgres returns bigint as a string; every bigint of this app
 * (folios up to 10 digits, CLP amounts) is far below 2^53, so a number is exact.
 */
export const bigintNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? value : Number(value)),
};
