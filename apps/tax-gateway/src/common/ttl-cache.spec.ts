import { TtlCache } from './ttl-cache';

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('TtlCache', () => {
  it('shares one load among concurrent misses, then answers from the cache', async () => {
    const lookups: boolean[] = [];
    const cache = new TtlCache<number>(
      () => 60_000,
      (hit) => lookups.push(hit),
    );
    const gate = deferred<number>();
    let loads = 0;
    const load = () => (loads++, gate.promise);
    const both = Promise.all([cache.get('a', load), cache.get('a', load)]);
    gate.resolve(7);
    expect((await both).map((r) => [r.value, r.cached])).toEqual([
      [7, false],
      [7, false],
    ]);
    expect(await cache.get('a', load)).toMatchObject({ value: 7, cached: true });
    expect(loads).toBe(1);
    expect(lookups).toEqual([false, false, true]);
  });

  it('does not cache a failed load, and expires entries after their time to live', async () => {
    let ttl = 60_000;
    const cache = new TtlCache<number>(() => ttl);
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 1)).toMatchObject({ value: 1, cached: false });
    ttl = -1;
    await cache.get('b', async () => 1);
    expect(await cache.get('b', async () => 2)).toMatchObject({ value: 2, cached: false });
  });

  it('clear drops a key and its "key:" children, and a load running across it does not refill the cache', async () => {
    const cache = new TtlCache<string>(() => 60_000);
    await cache.get('76086428-5:lista', async () => 'old');
    await cache.get('11111111-1', async () => 'other');
    const gate = deferred<string>();
    const running = cache.get('76086428-5:detalle', () => gate.promise);
    expect(await cache.clear('76086428-5')).toBe(1);
    gate.resolve('stale');
    await running;
    expect(await cache.get('76086428-5:detalle', async () => 'fresh')).toMatchObject({ value: 'fresh', cached: false });
    expect(await cache.get('11111111-1', async () => 'x')).toMatchObject({ value: 'other', cached: true });
    expect(await cache.clear()).toBe(2);
  });
});
