import { Inject, Injectable, Optional } from '@nestjs/common';
import { SharedRedis } from '@lib/platform';
import { ProblemException } from '@lib/schemas';
import { TtlCache } from '../common/ttl-cache';
import { TaxMetrics } from '../metrics/tax-metrics';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { TAXPAYER_SOURCE, TaxpayerRecord, TaxpayerSource } from './taxpayer-source';

/** Cache key prefix of a third party's record (see {@link ContribuyenteService.lookup}). */
const TERCERO = 'tercero:';

export interface TaxpayerLookup {
  record: TaxpayerRecord;
  fetchedAt: Date;
  cached: boolean;
}

/**
 * Canonical taxpayer data (docs/spec/1-tax-gateway.md "Canonical-data rule"; docs/tax-gateway.md "Taxpayer data"). An unknown RUT is not
 * cached, so a newly registered company shows up at once.
 */
@Injectable()
export class ContribuyenteService {
  private readonly cache: TtlCache<TaxpayerRecord>;

  constructor(
    @Inject(TAXPAYER_SOURCE) private readonly source: TaxpayerSource,
    @Inject(TAX_SETTINGS) settings: TaxSettings,
    metrics: TaxMetrics,
    @Optional() redis?: SharedRedis,
  ) {
    this.cache = new TtlCache(
      () => settings.taxpayerCacheTtlSeconds * 1000,
      (hit) => metrics.cache('contribuyente', hit),
      // With REDIS_URL the gateway's processes share the cache (docs/tax-gateway.md "Scale-out").
      redis?.enabled ? { redis, prefix: `gw:contribuyente:${settings.taxEnv}:` } : undefined,
    );
  }

  /** Data of `rut` (canonical form), read with `tenant`'s SII session on a miss. */
  async lookup(rut: string, tenant: string = rut): Promise<TaxpayerLookup> {
    // A tenant's own record (its carpeta) and a third party's (the list) are different records of one RUT.
    const r = await this.cache.get(rut === tenant ? rut : `${TERCERO}${rut}`, () => this.load(rut, tenant));
    return { record: r.value, fetchedAt: r.loadedAt, cached: r.cached };
  }

  async clear(rut?: string): Promise<number> {
    if (rut === undefined) return this.cache.clear();
    return (await this.cache.clear(rut)) + (await this.cache.clear(`${TERCERO}${rut}`));
  }

  private async load(rut: string, tenant: string): Promise<TaxpayerRecord> {
    const record = await this.source.fetch(rut, tenant);
    if (!record) throw new ProblemException(404, 'taxpayer_not_found', `The SII does not know the RUT ${rut}.`, { rut });
    return record;
  }
}
