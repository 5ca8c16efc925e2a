import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import type { SharedRedis } from './redis';

/** Times in epoch ms; `blockedUntil` is 0 when the key is not refused. */
interface Ventana {
  hits: number;
  expiresAt: number;
  blockedUntil: number;
}

const SWEEP_MS = 60_000;

/** Fixed window per key, O(1) per hit (the default storage prunes every hit's expiry): docs/platform.md "What an app gets". */
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

  get size(): number {
    return this.ventanas.size;
  }

  barrer(): void {
    const now = this.now();
    for (const [key, v] of this.ventanas) if (v.expiresAt <= now && v.blockedUntil <= now) this.ventanas.delete(key);
  }

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

const WINDOW_LUA = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {hits, redis.call('PTTL', KEYS[1])}
`;

type VentanaCommand = { ventanaRateLimit(key: string, ttlMs: number): Promise<[number, number]> };

/** The same fixed windows in Redis, shared by the app's processes (docs/platform.md "Scale-out"); `local` counts while it is down. */
export class SharedThrottlerStorage implements ThrottlerStorage {
  constructor(
    private readonly redis: SharedRedis,
    private readonly local: FixedWindowThrottlerStorage,
  ) {
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
