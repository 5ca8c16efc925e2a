import * as crypto from 'node:crypto';

jest.mock('node:crypto', () => {
  const actual = jest.requireActual<typeof import('node:crypto')>('node:crypto');
  return { ...actual, timingSafeEqual: jest.fn(actual.timingSafeEqual) };
});

import { InternalKeyRegistry, InternalKeysConfigError, internalKeyOf } from './internal-keys';

describe('InternalKeyRegistry.parse', () => {
  it('parses callers and keys, trimming whitespace; keys may contain colons', () => {
    const r = InternalKeyRegistry.parse(' admin:k-admin , accounting:a:b:c ');
    expect(r.callers).toEqual(['admin', 'accounting']);
    expect(r.match('k-admin')).toBe('admin');
    expect(r.match('a:b:c')).toBe('accounting');
  });

  it.each([
    [undefined, 'no caller configured'],
    ['', 'no caller configured'],
    ['admin', 'entry 1 is malformed'],
    ['admin:', 'entry 1 is malformed'],
    [':key', 'entry 1 is malformed'],
    ['admin:k1,,x:k2', 'entry 2 is malformed'],
    ['Admin:k1', 'entry 1: caller name must match'],
    ['admin:k1,admin:k2', 'caller "admin" appears twice'],
    ['admin:same,other:same', 'entry 2 (other): the same key is given to two callers'],
  ])('rejects %p with a clear message', (raw, message) => {
    expect(() => InternalKeyRegistry.parse(raw)).toThrow(InternalKeysConfigError);
    expect(() => InternalKeyRegistry.parse(raw)).toThrow(message);
  });

  it('enforces a minimum key length and never echoes the key', () => {
    let error: unknown;
    try {
      InternalKeyRegistry.parse('admin:short-secret', { minKeyLength: 32 });
    } catch (e) {
      error = e;
    }
    expect(String(error)).toContain('INTERNAL_KEYS: entry 1 (admin): key shorter than 32 characters');
    expect(String(error)).not.toContain('short-secret');
  });
});

describe('InternalKeyRegistry.match', () => {
  const registry = InternalKeyRegistry.parse('admin:key-one,assistant:key-two,mailer:key-three');

  it.each([undefined, '', 'key-on', 'key-one ', 'KEY-ONE', ['key-one'], 42])('returns undefined for %p', (presented) => {
    expect(registry.match(presented)).toBeUndefined();
  });

  it('compares against every key in constant time, without stopping at the first match', () => {
    const spy = jest.mocked(crypto.timingSafeEqual);
    spy.mockClear();
    expect(registry.match('key-one')).toBe('admin');
    expect(spy).toHaveBeenCalledTimes(3);
    for (const [a, b] of spy.mock.calls) expect((a as Buffer).length).toBe((b as Buffer).length);
    spy.mockClear();
    expect(registry.match('a-much-longer-wrong-key-than-any-configured-one')).toBeUndefined();
    expect(spy).toHaveBeenCalledTimes(3);
  });
});

describe('internalKeyOf', () => {
  it('returns the key of the named caller, keys may contain colons', () => {
    expect(internalKeyOf('admin:a-key, accounting:acc:key:with:colons', 'accounting')).toBe('acc:key:with:colons');
  });

  it('is undefined for an unknown caller, an empty key or no setting', () => {
    expect(internalKeyOf('admin:a-key', 'poller')).toBeUndefined();
    expect(internalKeyOf('poller:', 'poller')).toBeUndefined();
    expect(internalKeyOf(undefined, 'admin')).toBeUndefined();
  });
});
