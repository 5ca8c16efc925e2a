import { Global, Module } from '@nestjs/common';
import { MetricsService } from '@lib/platform';
import { TaxMetrics } from './tax-metrics';

/** Provides {@link TaxMetrics} on the platform's per-app registry (served at /metrics). */
@Global()
@Module({
  providers: [{ provide: TaxMetrics, useFactory: (metrics: MetricsService) => new TaxMetrics(metrics.registry), inject: [MetricsService] }],
  exports: [TaxMetrics],
})
export class TaxMetricsModule {}
