import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { escapeForLog } from './logging';

/** How long one Redis command may take before the caller falls back to per-process state (ms). */
const COMMAND_TIMEOUT_MS = 500;

/**
 * The Redis the processes of an app share when `REDIS_URL` is set (docs/platform.md "Scale-out"): rate-limit
 * counters, and in the tax gateway the SII token cache (with a cross-process single flight) and the taxpayer
 * cache. Redis is an optimization, never a dependency: without `REDIS_URL` nothing uses it, and while it is
 * unreachable every command answers `undefined` at once (no offline queue, short timeouts) so the caller keeps
 * its per-process behaviour; the outage and the recovery are logged once each.
 */
export class SharedRedis implements OnApplicationShutdown {
  private readonly logger = new Logger(SharedRedis.name);
  private down = false;

  constructor(readonly client?: Redis) {}

  /** Whether `REDIS_URL` is set (Redis may still be unreachable at a given moment). */
  get enabled(): boolean {
    return this.client !== undefined;
  }

  /** Runs `fn` on Redis; `undefined` when Redis is not configured or failed (then logged once per outage). */
  async run<T>(what: string, fn: (redis: Redis) => Promise<T>): Promise<T | undefined> {
    if (!this.client) return undefined;
    try {
      const value = await fn(this.client);
      if (this.down) {
        this.down = false;
        this.logger.log('Redis is reachable again: shared state resumes');
      }
      return value;
    } catch (err) {
      if (!this.down) {
        this.down = true;
        this.logger.warn(
          `Redis unavailable (${what}): per-process fallback until it is back: ${escapeForLog((err as Error).message, 200)}`,
        );
      }
      return undefined;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.client) await this.client.quit().catch(() => this.client?.disconnect());
  }
}

/**
 * The app's {@link SharedRedis}: connected (or given up after 2 s, reconnecting in the background) when `url` is set.
 */
export async function createSharedRedis(url: string | undefined): Promise<SharedRedis> {
  if (!url) return new SharedRedis();
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    lazyConnect: true,
    // Commands issued in the same tick (a burst of requests' rate-limit hits) go out in one write.
    enableAutoPipelining: true,
  });
  // Connection errors surface through SharedRedis.run; an 'error' event without a listener would crash the process.
  client.on('error', () => undefined);
  await Promise.race([client.connect().catch(() => undefined), new Promise((r) => setTimeout(r, 2000).unref())]);
  return new SharedRedis(client);
}
