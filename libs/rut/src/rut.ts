/**
 * RUT (Rol Único Tributario). Canonical form everywhere: `12345678-K`, the SII RUTType (SiiTypes_v10.xsd `[0-9]+-([0-9]|K)`,
 * length 3..10). Check digit, SII modulo 11: body digits right to left × 2..7 repeating, 11 - (sum mod 11); 11 -> 0, 10 -> K.
 */

export const RUT_MAX_BODY_DIGITS = 8;

/** A valid RUT: `body` without check digit, `dv` `0-9` or `K`. */
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

// Dots only in groups of 3: "12.345.678-K", "12345678-k", "12345678K", " 1-9 ".
const INPUT_PATTERN = /^(\d{1,3}(?:\.\d{3})+|\d+)-?([\dkK])$/;

/** The modulo 11 digit, `'0'`..`'9'` or `'K'`, of a body of at most 8 digits. @throws RutError otherwise. */
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

/** Parses any usual notation (dots, optional hyphen, `k`, spaces), checking the digit. @throws RutError when not a valid RUT string. */
export function parseRut(value: unknown): RutParts {
  if (typeof value !== 'string') throw new RutError('RUT must be a string');
  const input = value.trim();
  if (input.length === 0) throw new RutError('RUT is empty');
  // Before the regex: nothing legitimate is longer than "99.999.999-K" plus some zeros.
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

/** Canonical `12345678-K`, the form stored and compared everywhere. @throws RutError when not a valid RUT. */
export function normalizeRut(value: unknown): string {
  const { body, dv } = parseRut(value);
  return `${body}-${dv}`;
}

/** Canonical form or undefined in one parse (hot paths: the rate limiter's tenant, the DTO transform). */
export function tryNormalizeRut(value: unknown): string | undefined {
  try {
    return normalizeRut(value);
  } catch {
    return undefined;
  }
}

/** `12.345.678-K`, for humans only; never stored or sent to the SII. @throws RutError */
export function formatRut(value: unknown): string {
  const { body, dv } = parseRut(value);
  return `${String(body).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${dv}`;
}

/** Body and check digit (SII `RutEmisor`/`DvEmisor` style fields). @throws RutError */
export function splitRut(value: unknown): RutParts {
  return parseRut(value);
}
