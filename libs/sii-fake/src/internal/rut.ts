// The fake's RUT needs, over @lib/rut: a lenient normalizer (undefined instead of throwing, since
// the fake answers bad input with SII error codes rather than exceptions) and the check digit.
import { computeDv, isValidRut, normalizeRut as normalize } from '@lib/rut';

/** Check digit of a RUT body: "0".."9" or "K" (SII modulo 11). */
export const rutDv = computeDv;

/** Normalizes "76.555.835-2" / "76555835-k" to "76555835-2"; undefined when invalid. */
export function normalizeRut(input: string): string | undefined {
  return isValidRut(input) ? normalize(input) : undefined;
}
