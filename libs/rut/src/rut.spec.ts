import { RutError, computeDv, formatRut, isValidRut, normalizeRut, parseRut, splitRut, tryNormalizeRut } from './rut';

describe('computeDv (SII modulo 11)', () => {
  it.each([
    ['60803000', 'K'],
    ['60910000', '1'],
    ['76354771', 'K'],
    ['96874030', 'K'],
    ['77777777', '7'],
    ['66666666', '6'],
    ['11111111', '1'],
    ['1', '9'],
  ])('body %s -> %s', (body, dv) => {
    expect(computeDv(body)).toBe(dv);
    expect(computeDv(Number(body))).toBe(dv);
  });

  it('yields 0 when 11 - (sum mod 11) is 11', () => {
    // 14: 4*2 + 1*3 = 11, 11 mod 11 = 0, 11 - 0 = 11 -> '0'.
    expect(computeDv(14)).toBe('0');
  });

  it.each(['', 'abc', '0', '123456789', '-1', '1.5'])('rejects body %p', (body) => {
    expect(() => computeDv(body)).toThrow(RutError);
  });
});

describe('parseRut / normalizeRut / formatRut / splitRut', () => {
  it.each([
    ['60803000-K', '60803000-K', '60.803.000-K'],
    ['60.803.000-k', '60803000-K', '60.803.000-K'],
    ['60910000-1', '60910000-1', '60.910.000-1'],
    ['76.354.771-K', '76354771-K', '76.354.771-K'],
    ['96874030k', '96874030-K', '96.874.030-K'],
    [' 77777777-7 ', '77777777-7', '77.777.777-7'],
    ['66666666-6', '66666666-6', '66.666.666-6'],
    ['12.345.678-5', '12345678-5', '12.345.678-5'],
    ['1-9', '1-9', '1-9'],
    ['0012345678-5', '12345678-5', '12.345.678-5'],
  ])('%p normalizes to %p and formats as %p', (input, normalized, display) => {
    expect(isValidRut(input)).toBe(true);
    expect(normalizeRut(input)).toBe(normalized);
    expect(formatRut(input)).toBe(display);
  });

  it('splits into numeric body and upper-case check digit', () => {
    expect(splitRut('12.345.678-5')).toEqual({ body: 12345678, dv: '5' });
    expect(parseRut('96874030-k')).toEqual({ body: 96874030, dv: 'K' });
  });

  it.each([
    ['wrong check digit', '60803000-1'],
    ['wrong check digit K vs 0', '76354771-0'],
    ['letters in body', '6O803000-K'],
    ['letters only', 'abcdefgh-K'],
    ['empty', ''],
    ['blank', '   '],
    ['only check digit', '-K'],
    ['zero body', '0-0'],
    ['nine digit body', '123456789-2'],
    ['huge', '9'.repeat(500) + '-K'],
    ['bad dot grouping', '6080.3000-K'],
    ['two hyphens', '60803000--K'],
    ['other check letter', '60803000-X'],
  ])('rejects %s (%p)', (_label, input) => {
    expect(isValidRut(input)).toBe(false);
    expect(() => normalizeRut(input)).toThrow(RutError);
    expect(() => formatRut(input)).toThrow(RutError);
  });

  it.each([null, undefined, 60803000, {}, ['60803000-K']])('rejects non-string %p', (input) => {
    expect(isValidRut(input)).toBe(false);
    expect(() => parseRut(input)).toThrow('RUT must be a string');
  });

  it('explains why a RUT is rejected', () => {
    expect(() => parseRut('60803000-1')).toThrow('RUT check digit is wrong');
    expect(() => parseRut('')).toThrow('RUT is empty');
  });
});

describe('tryNormalizeRut', () => {
  it.each([
    ['76.086.428-5', '76086428-5'],
    ['10.000.013-k', '10000013-K'],
    [' 1-9 ', '1-9'],
  ])('gives the canonical form of a valid RUT: %s', (input, expected) => {
    expect(tryNormalizeRut(input)).toBe(expected);
  });

  it.each([['76086428-4'], [''], ['abc'], [42], [undefined], ['1'.repeat(30)]])('gives undefined for %p', (input) => {
    expect(tryNormalizeRut(input)).toBeUndefined();
  });
});
