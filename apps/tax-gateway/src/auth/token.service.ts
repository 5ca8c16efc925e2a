import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { SharedRedis } from '@lib/platform';
import { TaxMetrics } from '../metrics/tax-metrics';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { SignerClient } from '../signer/signer-client';
import { BoletaClient } from '../sii/boleta.client';
import { SiiClient } from '../sii/sii-client';
import { SiiTokenInvalidError, siiRejected } from '../sii/sii-errors';

/** A token as held in the cache. The token string never leaves the gateway. */
export interface CachedToken {
  token: string;
  expiresAt: Date;
}

export interface TokenInfo {
  tenant: string;
  environment: string;
  expires_at: string;
  cached: boolean;
}

/** The boleta REST services have their own token, which the SOAP DTE token does not open (docs/research/boletas.md §1.2). */
export type ServicioToken = 'dte' | 'boleta';

/** Keys of the shared token cache and its exchange lock in Redis (`<prefix><tenant>|<env>`). */
const SHARED = 'gw:token:';
const LOCK = 'gw:token-lock:';
/** How long one process may hold the exchange lock, and the others wait for its token (ms). */
const LOCK_MS = 30_000;
const WAIT_STEP_MS = 25;
/** Releases the lock only if this process still holds it. */
const UNLOCK_LUA = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

// SII token per (tenant, env) (docs/DESIGN.md §4.2; SII "Autenticación automática" v1.9: seed signed with Reference URI=""), cached,
// one exchange per key at a time.
@Injectable()
export class TokenService {
  private readonly logger = new Logger(TokenService.name);
  private readonly cache = new Map<string, CachedToken>();
  private readonly inflight = new Map<string, Promise<CachedToken>>();
  // Bumped on any invalidation so an exchange started before it does not refill the cache afterwards
  // (global rather than per key: an invalidation is rare and costs at most one extra exchange).
  private generation = 0;

  constructor(
    @Inject(TAX_SETTINGS) private readonly settings: TaxSettings,
    private readonly sii: SiiClient,
    private readonly boletas: BoletaClient,
    private readonly signer: SignerClient,
    private readonly metrics: TaxMetrics,
    @Optional() private readonly redis: SharedRedis = new SharedRedis(),
  ) {}

  get environment(): string {
    return this.settings.taxEnv;
  }

  /** A valid token of `servicio` for `tenant` (canonical RUT) and whether it came from the cache. */
  async getToken(tenant: string, servicio: ServicioToken = 'dte'): Promise<{ token: CachedToken; cached: boolean }> {
    const key = this.key(tenant, servicio);
    const hit = this.cache.get(key);
    if (hit && hit.expiresAt.getTime() > this.now()) {
      this.metrics.cache('token', true);
      return { token: hit, cached: true };
    }
    this.metrics.cache('token', false);
    if (hit) this.cache.delete(key);
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = this.exchange(key, servicio).finally(() => {
        if (this.inflight.get(key) === pending) this.inflight.delete(key);
      });
      this.inflight.set(key, pending);
    }
    return { token: await pending, cached: false };
  }

  async info(tenant: string): Promise<TokenInfo> {
    const { token, cached } = await this.getToken(tenant);
    return { tenant, environment: this.environment, expires_at: token.expiresAt.toISOString(), cached };
  }

  invalidate(tenant?: string): number {
    this.generation++;
    if (tenant === undefined) {
      const count = this.cache.size;
      this.cache.clear();
      this.inflight.clear();
      void this.redis.run('token invalidate', async (r) => {
        const keys = [];
        for await (const found of r.scanStream({ match: `${SHARED}*|${this.settings.taxEnv}*`, count: 500 }))
          keys.push(...(found as string[]));
        if (keys.length > 0) await r.del(...keys);
      });
      return count;
    }
    return this.drop(this.key(tenant, 'dte')) + this.drop(this.key(tenant, 'boleta'));
  }

  /** Forgets the token of `key` here and in the shared cache (an exchange under way does not refill it); 1 when this process held it. */
  private drop(key: string): number {
    this.generation++;
    this.inflight.delete(key);
    // Commands on one connection run in order: a later read of the shared cache no longer sees it.
    void this.redis.run('token invalidate', (r) => r.del(`${SHARED}${key}`));
    return this.cache.delete(key) ? 1 : 0;
  }

  /** On {@link SiiTokenInvalidError} the token is invalidated and `fn` runs once more; a second rejection is a 502. */
  async withToken<T>(tenant: string, fn: (token: string) => Promise<T>, servicio: ServicioToken = 'dte'): Promise<T> {
    const first = await this.getToken(tenant, servicio);
    try {
      return await fn(first.token.token);
    } catch (err) {
      if (!(err instanceof SiiTokenInvalidError)) throw err;
      this.logger.warn(`token of ${tenant} rejected by the SII (${err.reason}); retrying once with a new token`);
      const key = this.key(tenant, servicio);
      if (this.cache.get(key) === first.token) this.drop(key);
    }
    const second = await this.getToken(tenant, servicio);
    try {
      return await fn(second.token.token);
    } catch (err) {
      if (err instanceof SiiTokenInvalidError) {
        this.drop(this.key(tenant, servicio));
        throw siiRejected(err.operation, 'token_invalid', [`a fresh token was rejected too (${err.reason})`]);
      }
      throw err;
    }
  }

  protected now(): number {
    return Date.now();
  }

  /** `<tenant>|<env>` for the DTE services (as before boletas), `<tenant>|<env>|boleta` for the boleta services. */
  private key(tenant: string, servicio: ServicioToken): string {
    return `${tenant}|${this.settings.taxEnv}${servicio === 'dte' ? '' : `|${servicio}`}`;
  }

  /** Shared by the processes (docs/tax-gateway.md "Scale-out"): a SET NX lock decides who exchanges; without Redis, this process. */
  private async exchange(key: string, servicio: ServicioToken): Promise<CachedToken> {
    const until = this.now() + LOCK_MS;
    while (this.redis.enabled && this.now() < until) {
      const shared = await this.sharedToken(key);
      if (shared === undefined) break;
      if (shared) return this.adopt(key, shared);
      const owner = randomUUID();
      const lock = await this.redis.run('token lock', (r) => r.set(`${LOCK}${key}`, owner, 'PX', LOCK_MS, 'NX'));
      if (lock === undefined) break;
      if (lock === 'OK') {
        try {
          return await this.exchangeLocked(key, servicio);
        } finally {
          await this.redis.run('token unlock', (r) => r.eval(UNLOCK_LUA, 1, `${LOCK}${key}`, owner));
        }
      }
      await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
    }
    return this.exchangeHere(key, servicio);
  }

  /**
   * Under the lock: the cache is read again first, because the process that held the lock before may have stored its token and
   * released the lock between this process's read and its SET NX (two seed exchanges otherwise).
   */
  private async exchangeLocked(key: string, servicio: ServicioToken): Promise<CachedToken> {
    const shared = await this.sharedToken(key);
    if (shared) return this.adopt(key, shared);
    const entry = await this.exchangeHere(key, servicio);
    await this.redis.run('token set', (r) =>
      r.set(`${SHARED}${key}`, JSON.stringify(entry), 'PX', Math.max(1, entry.expiresAt.getTime() - this.now())),
    );
    return entry;
  }

  /** The token another process stored (JSON), null when none, undefined when Redis did not answer. */
  private sharedToken(key: string): Promise<string | null | undefined> {
    return this.redis.run('token get', (r) => r.get(`${SHARED}${key}`));
  }

  private adopt(key: string, json: string): CachedToken {
    const shared = JSON.parse(json) as { token: string; expiresAt: string };
    const entry = { token: shared.token, expiresAt: new Date(shared.expiresAt) };
    this.cache.set(key, entry);
    return entry;
  }

  private async exchangeHere(key: string, servicio: ServicioToken): Promise<CachedToken> {
    const generation = this.generation;
    const sii = servicio === 'boleta' ? this.boletas : this.sii;
    const seed = await sii.getSeed();
    const document = `<?xml version="1.0"?>\n<getToken><item><Semilla>${seed}</Semilla></item></getToken>`;
    const signed = await this.signer.signXml(Buffer.from(document, 'utf8'), '');
    const token = await sii.getToken(signed);
    const entry = { token, expiresAt: new Date(this.now() + this.settings.tokenTtlSeconds * 1000) };
    if (generation === this.generation) this.cache.set(key, entry);
    return entry;
  }
}
