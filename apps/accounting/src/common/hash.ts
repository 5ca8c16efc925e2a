import { canonicalJson, sha256Hex } from '@lib/platform';

/** Hex SHA-256 of the canonical JSON of a value (the idempotency check compares these). */
export function inputHash(value: unknown): string {
  return sha256Hex(canonicalJson(value ?? null));
}
