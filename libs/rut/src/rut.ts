/**
 * RUT (Rol Único Tributario) handling.
 *
 * Canonical form used everywhere in the platform: digits without dots or leading zeros, a hyphen,
 * and the check digit with `K` upper case (`12345678-K`). That is exactly the SII `RUTType`
 * (SiiTypes_v10.xsd: pattern `[0-9]+-([0-9]|K)`, length 3..10, so the body has at most 8 digits).
 *
 * Check digit: SII modulo 11. Multiply the body digits from right to left by the repeating
 * weights 2,3,4,5,6,7, sum, and take `11 - (sum mod 11)`; 11 -> `0`, 10 -> `K`, else the digit.
 */

/** Longest body allowed by RUTType (maxLength 10 = 8 digits + hyphen + check digit). */
export const RUT_MAX_BODY_DIGITS = 8;

/** The parts of a valid RUT. `body` is the number without check digit, `dv` is `0-9` or `K`. */
export interface RutParts {
  body: number;
  dv: string;
}

/** Thrown by {@link parseRut} and the helpers that require a valid RUT. */
export class RutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RutError';
  }
}

// Accepts "12.345.678-K", "12345678-k", "12345678K", " 1-9 "; dots are only allowed in groups of 3.
const INPUT_PATTERN = /^(\d{1,3}(?:\.\d{3})+|\d+)-?([\dkK])$/;

/**
 * Computes the SII modulo 11 check digit of a RUT body.
 * @param body the RUT number without check digit (positive integer, at most 8 digits).
 * @returns `'0'`..`'9'` or `'K'`.
 * @throws RutError when the body is not a positive integer of at most 8 digits.
 */
export function computeDv(body: number | string): string {
  const digits = String(body);
  if (!/^\d+$/.test(digits)) throw new RutError('RUT body must contain digits only');
  const trimmed = digits.replace(/^0+/, '');
  if (trimmed.length === 0 || trimmed.length > RUT_MAX_BODY_DIGITS) {
    throw new RutError(`RUT body must have 1 to ${RUT_MAX_BODY_DIGITS} digits`);
  }
  let sum = 0;
  let weight = 2;
  for (let i = trimmed.length - 1; i >= 0; i--) {
    sum += Number(trimmed[i]) * weight;
    weight = weight === 7 ? 2 : weight + 1;
  }
  const result = 11 - (sum % 11);
  if (result === 11) return '0';
  if (result === 10) return 'K';
  return String(result);
}

/**
 * Parses a RUT in any usual notation (with or without dots, hyphen optional, `k` or `K`,
 * surrounding spaces) and checks its modulo 11 digit.
 * @returns the body (number) and the check digit (upper case).
 * @throws RutError when the value is not a string, is malformed, too long, or the check digit is wrong.
 */
export function parseRut(value: unknown): RutParts {
  if (typeof value !== 'string') throw new RutError('RUT must be a string');
  const input = value.trim();
  if (input.length === 0) throw new RutError('RUT is empty');
  // Guard before the regex: nothing legitimate is longer than "99.999.999-K" plus some zeros.
  if (input.length > 20) throw new RutError('RUT is too long');
  const match = INPUT_PATTERN.exec(input);
  if (!match) throw new RutError('RUT must look like 12345678-K or 12.345.678-K');
  const bodyDigits = match[1].replace(/\./g, '').replace(/^0+/, '');
  if (bodyDigits.length === 0) throw new RutError('RUT body cannot be zero');
  if (bodyDigits.length > RUT_MAX_BODY_DIGITS) throw new RutError(`RUT body has more than ${RUT_MAX_BODY_DIGITS} digits`);
  const dv = match[2].toUpperCase();
  const expected = computeDv(bodyDigits);
  if (dv !== expected) throw new RutError('RUT check digit is wrong');
  return { body: Number(bodyDigits), dv };
}

/** True when {@link parseRut} accepts the value (any notation, correct modulo 11 digit). */
export function isValidRut(value: unknown): boolean {
  try {
    parseRut(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Canonical form `12345678-K` (no dots, no leading zeros, hyphen, upper-case K): the SII RUTType
 * and the form stored and compared everywhere in the platform.
 * @throws RutError when the value is not a valid RUT.
 */
export function normalizeRut(value: unknown): string {
  const { body, dv } = parseRut(value);
  return `${body}-${dv}`;
}

/**
 * The canonical form of `value` when it is a valid RUT, undefined otherwise: one parse where
 * `isValidRut(v) ? normalizeRut(v) : ...` would take two (hot paths: the rate limiter's tenant, the DTO transform).
 */
export function tryNormalizeRut(value: unknown): string | undefined {
  try {
    return normalizeRut(value);
  } catch {
    return undefined;
  }
}

/**
 * Display form with thousands dots: `12.345.678-K`. For humans only; never store or send it to the SII.
 * @throws RutError when the value is not a valid RUT.
 */
export function formatRut(value: unknown): string {
  const { body, dv } = parseRut(value);
  return `${String(body).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${dv}`;
}

/**
 * Splits a valid RUT into body and check digit (e.g. for the SII `RutEmisor`/`DvEmisor` style fields).
 * @throws RutError when the value is not a valid RUT.
 */
export function splitRut(value: unknown): RutParts {
  return parseRut(value);
}
