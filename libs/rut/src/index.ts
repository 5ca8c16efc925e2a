export { RUT_MAX_BODY_DIGITS, RutError, computeDv, formatRut, isValidRut, normalizeRut, parseRut, splitRut, tryNormalizeRut } from './rut';
export type { RutParts } from './rut';
export { IS_RUT, IsRut } from './is-rut.decorator';
