import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { escapeForLog } from './logging';

const COMMAND_TIMEOUT_MS = 500;

/** Redis of an app's processes, an optimization, never a dependency (docs/platform.md "Scale-out"): down, commands answer `undefined`. */
export class SharedRedis implements OnApplicationShutdown {
  private readonly logger = new Logger(SharedRedis.name);
  private down = false;

  constructor(readonly client?: Redis) {}

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

/** The app's {@link SharedRedis}: connected when `url` is set (or given up after 2 s, reconnecting in the background). */
export async function createSharedRedis(url: string | undefined): Promise<SharedRedis> {
  if (!url) return new SharedRedis();
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    lazyConnect: true,
    // A burst of requests' rate-limit hits in one tick goes out in one write.
    enableAutoPipelining: true,
  });
  // Connection errors surface through SharedRedis.run; an 'error' event without a listener would crash the process.
  client.on('error', () => undefined);
  await Promise.race([client.connect().catch(() => undefined), new Promise((r) => setTimeout(r, 2000).unref())]);
  return new SharedRedis(client);
}
