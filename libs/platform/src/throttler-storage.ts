import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import type { SharedRedis } from './redis';

interface Ventana {
  hits: number;
  /** Epoch ms when the window ends. */
  expiresAt: number;
  /** Epoch ms until which the key is refused; 0 when it is not. */
  blockedUntil: number;
}

/** How often windows that ended are dropped (ms). */
const SWEEP_MS = 60_000;

/**
 * The rate limiter's counters (docs/platform.md "What an app gets"): a fixed window per key, opened by its first
 * hit and lasting `ttl`, so each hit is O(1) (one map lookup and an increment; @nestjs/throttler's default storage
 * keeps every hit's expiry and prunes them per request). Over `limit` hits in the window the key is refused for
 * `blockDuration`. Ended windows are dropped once a minute, so memory follows the keys active in the last minute,
 * not the requests. Times in the answer are whole seconds, as the throttler guard expects.
 */
export class FixedWindowThrottlerStorage implements ThrottlerStorage {
  private readonly ventanas = new Map<string, Ventana>();
  private readonly sweep: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweep = setInterval(() => this.barrer(), SWEEP_MS);
    this.sweep.unref();
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    const now = this.now();
    let v = this.ventanas.get(key);
    if (v && v.blockedUntil > now) return record(v, now, true);
    if (!v || v.expiresAt <= now || v.blockedUntil !== 0) {
      v = { hits: 0, expiresAt: now + ttl, blockedUntil: 0 };
      this.ventanas.set(key, v);
    }
    v.hits++;
    if (v.hits > limit) v.blockedUntil = now + blockDuration;
    return record(v, now, v.hits > limit);
  }

  /** Keys with a live window (tests, metrics). */
  get size(): number {
    return this.ventanas.size;
  }

  /** Drops the windows that ended and are not blocking. */
  barrer(): void {
    const now = this.now();
    for (const [key, v] of this.ventanas) if (v.expiresAt <= now && v.blockedUntil <= now) this.ventanas.delete(key);
  }

  /** Stops the sweep (tests). */
  close(): void {
    clearInterval(this.sweep);
  }
}

function record(v: Ventana, now: number, isBlocked: boolean): ThrottlerStorageRecord {
  return {
    totalHits: v.hits,
    timeToExpire: Math.max(0, Math.ceil((v.expiresAt - now) / 1000)),
    isBlocked,
    timeToBlockExpire: isBlocked ? Math.max(1, Math.ceil((v.blockedUntil - now) / 1000)) : 0,
  };
}

/** One fixed window in Redis: hits so far and the window's remaining time (ms). */
const WINDOW_LUA = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {hits, redis.call('PTTL', KEYS[1])}
`;

type VentanaCommand = { ventanaRateLimit(key: string, ttlMs: number): Promise<[number, number]> };

/**
 * The rate limiter's counters in Redis, shared by the app's processes (docs/platform.md "Scale-out"): the same fixed
 * window per key as {@link FixedWindowThrottlerStorage}, one atomic script per hit (INCR, PEXPIRE on the first, PTTL);
 * over the limit the key is refused until its window ends. While Redis is unreachable, `local` counts instead.
 */
export class SharedThrottlerStorage implements ThrottlerStorage {
  constructor(
    private readonly redis: SharedRedis,
    private readonly local: FixedWindowThrottlerStorage,
  ) {
    // Sent once, then called by its SHA1 (EVALSHA, reloaded by ioredis if Redis lost it).
    redis.client?.defineCommand('ventanaRateLimit', { numberOfKeys: 1, lua: WINDOW_LUA });
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    const out = await this.redis.run('rate limit', (r) => (r as unknown as VentanaCommand).ventanaRateLimit(`rl:${key}`, ttl));
    if (!out) return this.local.increment(key, ttl, limit, blockDuration);
    const [hits, pttl] = out;
    const seconds = Math.max(1, Math.ceil(Math.max(0, pttl) / 1000));
    const isBlocked = hits > limit;
    return { totalHits: hits, timeToExpire: seconds, isBlocked, timeToBlockExpire: isBlocked ? seconds : 0 };
  }
}
