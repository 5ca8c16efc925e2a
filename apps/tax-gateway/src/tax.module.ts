import { DynamicModule, Module } from '@nestjs/common';
import { TokenModule } from './auth/token.module';
import { CafModule } from './caf/caf.module';
import { ContribuyenteModule } from './contribuyente/contribuyente.module';
import { DteModule } from './dte/dte.module';
import { TaxMetricsModule } from './metrics/tax-metrics.module';
import { TaxSettings } from './settings/tax-settings';
import { TaxSettingsModule } from './settings/tax-settings.module';

/** Every tax area of the gateway (token, contribuyente, caf, dte) with their shared settings and metrics. */
@Module({})
export class TaxModule {
  static forRoot(settings?: TaxSettings): DynamicModule {
    return {
      module: TaxModule,
      imports: [TaxSettingsModule.forRoot(settings), TaxMetricsModule, TokenModule, ContribuyenteModule, CafModule, DteModule],
    };
  }
}
