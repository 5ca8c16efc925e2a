// Lenient: the fake answers bad input with SII error codes, not exceptions.
import { computeDv, isValidRut, normalizeRut as normalize } from '@lib/rut';

export const rutDv = computeDv;

/** Normalizes "76.555.835-2" / "76555835-k" to "76555835-2"; undefined when invalid. */
export function normalizeRut(input: string): string | undefined {
  return isValidRut(input) ? normalize(input) : undefined;
}
