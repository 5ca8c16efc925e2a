import { Inject, Injectable } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { TaxMetrics } from '../metrics/tax-metrics';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { TAXPAYER_SOURCE, TaxpayerRecord, TaxpayerSource } from './taxpayer-source';

/** Taxpayer data plus where it came from. */
export interface TaxpayerLookup {
  record: TaxpayerRecord;
  fetchedAt: Date;
  cached: boolean;
}

interface Entry {
  record: TaxpayerRecord;
  fetchedAt: Date;
  expires: number;
}

/**
 * Canonical taxpayer data (docs/spec/1-tax-gateway.md "Canonical-data rule"): the only source of a legal name and a
 * normalized RUT for the platform. Cached in memory per RUT for TAXPAYER_CACHE_TTL_SECONDS (24 h);
 * concurrent misses for one RUT share one upstream read. Unknown RUT: 404 `taxpayer_not_found`
 * (not cached, so a newly registered company shows up at once).
 */
@Injectable()
export class ContribuyenteService {
  private readonly cache = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<Entry>>();

  constructor(
    @Inject(TAXPAYER_SOURCE) private readonly source: TaxpayerSource,
    @Inject(TAX_SETTINGS) private readonly settings: TaxSettings,
    private readonly metrics: TaxMetrics,
  ) {}

  /**
   * Data of `rut` (canonical form), read with `tenant`'s SII session on a miss.
   * @throws ProblemException 404 `taxpayer_not_found`, or the source's upstream problems.
   */
  async lookup(rut: string, tenant: string = rut): Promise<TaxpayerLookup> {
    const hit = this.cache.get(rut);
    if (hit && hit.expires > Date.now()) {
      this.metrics.cache('contribuyente', true);
      return { record: hit.record, fetchedAt: hit.fetchedAt, cached: true };
    }
    this.metrics.cache('contribuyente', false);
    let pending = this.inflight.get(rut);
    if (!pending) {
      pending = this.load(rut, tenant).finally(() => this.inflight.delete(rut));
      this.inflight.set(rut, pending);
    }
    const entry = await pending;
    return { record: entry.record, fetchedAt: entry.fetchedAt, cached: false };
  }

  /** Clears one RUT or the whole cache; returns how many entries were dropped. */
  clear(rut?: string): number {
    if (rut !== undefined) return this.cache.delete(rut) ? 1 : 0;
    const count = this.cache.size;
    this.cache.clear();
    return count;
  }

  private async load(rut: string, tenant: string): Promise<Entry> {
    const record = await this.source.fetch(rut, tenant);
    if (!record) throw new ProblemException(404, 'taxpayer_not_found', `The SII does not know the RUT ${rut}.`, { rut });
    const entry = { record, fetchedAt: new Date(), expires: Date.now() + this.settings.taxpayerCacheTtlSeconds * 1000 };
    this.cache.set(rut, entry);
    return entry;
  }
}
