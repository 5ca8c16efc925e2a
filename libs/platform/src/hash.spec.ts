import { canonicalJson, sha256Hex } from './hash';

describe('canonicalJson', () => {
  it('sorts keys at every level and leaves undefined fields out, arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: undefined, x: 0 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"x":0,"z":1}]},"b":1}',
    );
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });

  it('hashes strings as UTF-8 and bytes as they are', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex(Buffer.from('ñ', 'utf8'))).toBe(sha256Hex('ñ'));
  });
});
