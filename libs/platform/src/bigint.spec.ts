import { bigintToNumber, bigintTransformer } from './bigint';

describe('bigint columns', () => {
  it('reads driver strings as exact numbers and writes numbers as strings', () => {
    expect(bigintTransformer.from('142788')).toBe(142788);
    expect(bigintTransformer.from(null)).toBeNull();
    expect(bigintTransformer.to(9999999999)).toBe('9999999999');
    expect(bigintTransformer.to(undefined)).toBeUndefined();
  });

  it('refuses a value that a JS number cannot hold exactly, instead of rounding it', () => {
    expect(() => bigintToNumber('9007199254740993')).toThrow(/within 2\^53/);
    expect(() => bigintToNumber('12.5')).toThrow(/integer/);
  });
});
