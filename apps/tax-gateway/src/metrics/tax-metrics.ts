import { Counter, Histogram, Registry } from 'prom-client';

/** Outcome label values of `sii_requests_total`. */
export type SiiOutcome = 'ok' | 'rejected' | 'token_invalid' | 'bad_response' | 'unavailable' | 'timeout' | 'circuit_open';

/** docs/tax-gateway.md "Areas". A second instance on the same registry (several test apps in one process) reuses the collectors. */
export class TaxMetrics {
  readonly siiRequests: Counter<'operation' | 'outcome'>;
  readonly siiDuration: Histogram<'operation'>;
  readonly signerDuration: Histogram<'operation' | 'outcome'>;
  readonly cacheLookups: Counter<'cache' | 'result'>;
  readonly dtesEmitted: Counter<'tipo_dte'>;
  readonly dtesReceived: Counter<'tipo_dte'>;
  readonly scrapeRuns: Counter<'kind' | 'outcome'>;

  constructor(private readonly registry: Registry) {
    this.siiRequests = this.counter('sii_requests_total', 'Requests to the SII by operation and outcome', ['operation', 'outcome']);
    this.siiDuration = this.histogram('sii_request_duration_seconds', 'Latency of SII requests by operation', ['operation']);
    this.signerDuration = this.histogram('signer_request_duration_seconds', 'Latency of signing service calls', ['operation', 'outcome']);
    this.cacheLookups = this.counter('cache_lookups_total', 'Cache lookups by cache and result (hit|miss)', ['cache', 'result']);
    this.dtesEmitted = this.counter('dtes_emitted_total', 'DTEs uploaded to the SII (STATUS 0) by type', ['tipo_dte']);
    this.dtesReceived = this.counter('dtes_received_total', 'DTEs received from suppliers by type', ['tipo_dte']);
    this.scrapeRuns = this.counter('scrape_runs_total', 'Portal scraping runs by kind and outcome', ['kind', 'outcome']);
  }

  sii(operation: string, outcome: SiiOutcome, seconds: number): void {
    this.siiRequests.inc({ operation, outcome });
    this.siiDuration.observe({ operation }, seconds);
  }

  /** Records a cache lookup (`cache` = token | contribuyente | certificate). */
  cache(cache: string, hit: boolean): void {
    this.cacheLookups.inc({ cache, result: hit ? 'hit' : 'miss' });
  }

  private counter<L extends string>(name: string, help: string, labelNames: L[]): Counter<L> {
    const existing = this.registry.getSingleMetric(name);
    if (existing) return existing as Counter<L>;
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  private histogram<L extends string>(name: string, help: string, labelNames: L[]): Histogram<L> {
    const existing = this.registry.getSingleMetric(name);
    if (existing) return existing as Histogram<L>;
    const buckets = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
    return new Histogram({ name, help, labelNames, buckets, registers: [this.registry] });
  }
}
