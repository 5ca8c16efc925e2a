/** What a {@link TtlCache} lookup gives: the value, when it was loaded and whether it came from the cache. */
export interface Cached<T> {
  value: T;
  loadedAt: Date;
  cached: boolean;
}

interface Entry<T> {
  value: T;
  loadedAt: Date;
  expires: number;
}

/**
 * An in-process cache with a time to live per entry and one load per key at a time (concurrent misses share it);
 * a load that fails is not cached. Spec 1 "Limits": the gateway's caches are in memory per process.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly inflight = new Map<string, Promise<Entry<T>>>();
  // Bumped by clear() so that a load started before it does not refill the cache afterwards.
  private generation = 0;

  /**
   * @param ttlMs how long an entry answers.
   * @param onLookup told of each lookup (hit or miss), for the cache metrics.
   */
  constructor(
    private readonly ttlMs: () => number,
    private readonly onLookup: (hit: boolean) => void = () => undefined,
  ) {}

  /** The value of `key`, loaded with `load` when absent or expired; throws what `load` throws. */
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
    return { value: entry.value, loadedAt: entry.loadedAt, cached: false };
  }

  /**
   * Drops the entries whose key is `key` or starts with `key` + ':' (all when absent) and forgets the loads running
   * for them, so the next lookup reads afresh; returns how many entries were dropped.
   */
  clear(key?: string): number {
    this.generation++;
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
    const entry = { value: await load(), loadedAt: new Date(), expires: Date.now() + this.ttlMs() };
    if (generation === this.generation) this.entries.set(key, entry);
    return entry;
  }
}
