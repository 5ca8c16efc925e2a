import type { SharedRedis } from '@lib/platform';

export interface Cached<T> {
  value: T;
  loadedAt: Date;
  cached: boolean;
}

interface Entry<T> {
  value: T;
  loadedAt: Date;
  expires: number;
  /** Found in the shared cache (another process loaded it). */
  shared?: boolean;
}

/** In-process cache, one load per key at a time; a failed load is not cached (spec 1 "Limits": caches are in memory per process). */
export class TtlCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly inflight = new Map<string, Promise<Entry<T>>>();
  // Bumped by clear() so that a load started before it does not refill the cache afterwards.
  private generation = 0;

  /**
   * @param shared JSON values only: also kept in Redis so the processes share them (docs/tax-gateway.md "Scale-out"); per process while
   * Redis is unreachable.
   */
  constructor(
    private readonly ttlMs: () => number,
    private readonly onLookup: (hit: boolean) => void = () => undefined,
    private readonly shared?: { redis: SharedRedis; prefix: string },
  ) {}

  async get(key: string, load: () => Promise<T>): Promise<Cached<T>> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) {
      this.onLookup(true);
      return { value: hit.value, loadedAt: hit.loadedAt, cached: true };
    }
    this.onLookup(false);
    let pending = this.inflight.get(key);
    if (!pending) {
      const started = this.load(key, load).finally(() => {
        if (this.inflight.get(key) === started) this.inflight.delete(key);
      });
      pending = started;
      this.inflight.set(key, started);
    }
    const entry = await pending;
    return { value: entry.value, loadedAt: entry.loadedAt, cached: entry.shared === true };
  }

  /** Drops `key` and its "key:" children (all when absent) and forgets their running loads; answers how many local entries were dropped. */
  async clear(key?: string): Promise<number> {
    this.generation++;
    if (this.shared) await this.clearShared(key);
    const matches = (k: string) => key === undefined || k === key || k.startsWith(`${key}:`);
    for (const k of [...this.inflight.keys()]) if (matches(k)) this.inflight.delete(k);
    if (key === undefined) {
      const count = this.entries.size;
      this.entries.clear();
      return count;
    }
    let count = 0;
    for (const k of [...this.entries.keys()]) if (matches(k)) count += this.entries.delete(k) ? 1 : 0;
    return count;
  }

  private async load(key: string, load: () => Promise<T>): Promise<Entry<T>> {
    const generation = this.generation;
    const remote = await this.fromShared(key);
    const entry = remote ?? { value: await load(), loadedAt: new Date(), expires: Date.now() + this.ttlMs() };
    if (generation === this.generation) this.entries.set(key, { ...entry, shared: false });
    if (!remote && generation === this.generation) await this.toShared(key, entry);
    return entry;
  }

  private async fromShared(key: string): Promise<Entry<T> | undefined> {
    if (!this.shared) return undefined;
    const { redis, prefix } = this.shared;
    const raw = await redis.run('cache get', (r) => r.get(prefix + key));
    if (!raw) return undefined;
    const stored = JSON.parse(raw) as { value: T; loadedAt: string; expires: number };
    return stored.expires > Date.now()
      ? { value: stored.value, loadedAt: new Date(stored.loadedAt), expires: stored.expires, shared: true }
      : undefined;
  }

  private async toShared(key: string, e: Entry<T>): Promise<void> {
    if (!this.shared) return;
    const { redis, prefix } = this.shared;
    const ms = Math.max(1, e.expires - Date.now());
    await redis.run('cache set', (r) =>
      r.set(prefix + key, JSON.stringify({ value: e.value, loadedAt: e.loadedAt, expires: e.expires }), 'PX', ms),
    );
  }

  private async clearShared(key?: string): Promise<void> {
    const { redis, prefix } = this.shared as { redis: SharedRedis; prefix: string };
    await redis.run('cache clear', async (r) => {
      const pattern = key === undefined ? `${prefix}*` : `${prefix}${key}:*`;
      const keys = key === undefined ? [] : [prefix + key];
      let cursor = '0';
      do {
        const [next, found] = await r.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
        keys.push(...found);
        cursor = next;
      } while (cursor !== '0');
      if (keys.length > 0) await r.del(...keys);
    });
  }
}
