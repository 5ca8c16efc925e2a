import { jsonDepthExceeds, jsonForbiddenCharacter, urlHasNul } from './input-limits';

describe('jsonDepthExceeds', () => {
  it('counts nesting of arrays and objects, not brackets inside strings', () => {
    expect(jsonDepthExceeds('[[[]]]', 3)).toBe(false);
    expect(jsonDepthExceeds('[[[[]]]]', 3)).toBe(true);
    expect(jsonDepthExceeds('{"a":{"b":{"c":1}}}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":"[[[[[[","b":"\\\\"}', 1)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\"[[[["}', 1)).toBe(false);
    expect(jsonDepthExceeds('['.repeat(1500), 64)).toBe(true);
  });
});

describe('jsonForbiddenCharacter', () => {
  it('finds U+0000 and unpaired surrogates in strings and names at any depth', () => {
    expect(jsonForbiddenCharacter({ a: [{ b: 'x\u0000' }] })).toBe('nul');
    expect(jsonForbiddenCharacter({ a: { 'k\u0000': 1 } })).toBe('nul');
    expect(jsonForbiddenCharacter({ a: ['\ud800x'] })).toBe('lone_surrogate');
    expect(jsonForbiddenCharacter({ a: 'x\udc00' })).toBe('lone_surrogate');
    expect(jsonForbiddenCharacter({ a: ['\\u0000', '😀', 'ñ', 1, null, true] })).toBeUndefined();
  });
});

describe('urlHasNul', () => {
  it('sees literal and percent-encoded NUL, not an encoded percent sign followed by 00', () => {
    expect(urlHasNul('/a%00')).toBe(true);
    expect(urlHasNul('/a?b=%00')).toBe(true);
    expect(urlHasNul('/a\u0000')).toBe(true);
    expect(urlHasNul('/a%2500')).toBe(false);
  });
});
