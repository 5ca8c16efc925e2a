import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted at every level, so the same logical input always hashes the same
 * (the audit trail and the idempotency check compare these hashes).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const obj = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(obj)
        .filter((k) => obj[k] !== undefined)
        .sort()
        .map((k) => [k, sortKeys(obj[k])]),
    );
  }
  return value;
}

/** Hex SHA-256 of a string (UTF-8) or bytes. */
export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Hex SHA-256 of the canonical JSON of a value. */
export function inputHash(value: unknown): string {
  return sha256Hex(canonicalJson(value ?? null));
}
