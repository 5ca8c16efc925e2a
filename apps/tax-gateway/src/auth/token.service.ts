import { Inject, Injectable, Logger } from '@nestjs/common';
import { TaxMetrics } from '../metrics/tax-metrics';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { SignerClient } from '../signer/signer-client';
import { SiiClient } from '../sii/sii-client';
import { SiiTokenInvalidError, siiRejected } from '../sii/sii-errors';

/** A token as held in the cache. The token string never leaves the gateway. */
export interface CachedToken {
  token: string;
  expiresAt: Date;
}

/** What a caller learns about a token: never the token itself. */
export interface TokenInfo {
  tenant: string;
  environment: string;
  expires_at: string;
  cached: boolean;
}

/**
 * SII token per (tenant, environment) (docs/DESIGN.md §4.2, SII manual "Autenticación automática" v1.9):
 * getSeed -> `<getToken><item><Semilla>` signed by the signing service with Reference URI="" ->
 * getToken. Cached in memory for TOKEN_TTL_SECONDS; concurrent cold requests for one key share a
 * single exchange (single flight). {@link withToken} invalidates and retries once when the SII says
 * the token is invalid (upload STATUS 5, ESTADO 001/002/003, HTTP 401).
 */
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
    private readonly signer: SignerClient,
    private readonly metrics: TaxMetrics,
  ) {}

  /** The environment part of the cache key (TAX_ENV). */
  get environment(): string {
    return this.settings.taxEnv;
  }

  /** A valid token for `tenant` (canonical RUT) and whether it came from the cache. */
  async getToken(tenant: string): Promise<{ token: CachedToken; cached: boolean }> {
    const key = this.key(tenant);
    const hit = this.cache.get(key);
    if (hit && hit.expiresAt.getTime() > this.now()) {
      this.metrics.cache('token', true);
      return { token: hit, cached: true };
    }
    this.metrics.cache('token', false);
    if (hit) this.cache.delete(key);
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = this.exchange(key).finally(() => {
        if (this.inflight.get(key) === pending) this.inflight.delete(key);
      });
      this.inflight.set(key, pending);
    }
    return { token: await pending, cached: false };
  }

  /** {@link getToken} shaped for the API. */
  async info(tenant: string): Promise<TokenInfo> {
    const { token, cached } = await this.getToken(tenant);
    return { tenant, environment: this.environment, expires_at: token.expiresAt.toISOString(), cached };
  }

  /** Drops the token of one tenant (or of every tenant). Returns how many entries were dropped. */
  invalidate(tenant?: string): number {
    this.generation++;
    if (tenant === undefined) {
      const count = this.cache.size;
      this.cache.clear();
      this.inflight.clear();
      return count;
    }
    const key = this.key(tenant);
    this.inflight.delete(key);
    return this.cache.delete(key) ? 1 : 0;
  }

  /**
   * Runs `fn` with the tenant's token; when it throws {@link SiiTokenInvalidError} the token is
   * invalidated and `fn` runs once more with a fresh token. A second rejection is a 502.
   */
  async withToken<T>(tenant: string, fn: (token: string) => Promise<T>): Promise<T> {
    const first = await this.getToken(tenant);
    try {
      return await fn(first.token.token);
    } catch (err) {
      if (!(err instanceof SiiTokenInvalidError)) throw err;
      this.logger.warn(`token of ${tenant} rejected by the SII (${err.reason}); retrying once with a new token`);
      if (this.cache.get(this.key(tenant)) === first.token) this.invalidate(tenant);
    }
    const second = await this.getToken(tenant);
    try {
      return await fn(second.token.token);
    } catch (err) {
      if (err instanceof SiiTokenInvalidError) {
        this.invalidate(tenant);
        throw siiRejected(err.operation, 'token_invalid', [`a fresh token was rejected too (${err.reason})`]);
      }
      throw err;
    }
  }

  /** Milliseconds since the epoch (overridable in tests). */
  protected now(): number {
    return Date.now();
  }

  private key(tenant: string): string {
    return `${tenant}|${this.settings.taxEnv}`;
  }

  private async exchange(key: string): Promise<CachedToken> {
    const generation = this.generation;
    const seed = await this.sii.getSeed();
    const document = `<?xml version="1.0"?>\n<getToken><item><Semilla>${seed}</Semilla></item></getToken>`;
    const signed = await this.signer.signXml(Buffer.from(document, 'utf8'), '');
    const token = await this.sii.getToken(signed);
    const entry = { token, expiresAt: new Date(this.now() + this.settings.tokenTtlSeconds * 1000) };
    if (generation === this.generation) this.cache.set(key, entry);
    return entry;
  }
}
