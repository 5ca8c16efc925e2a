import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { PLATFORM_CONFIG } from '@lib/platform';
import { TAX_SETTINGS, TaxSettings, loadTaxSettings } from './tax-settings';

/**
 * Makes {@link TaxSettings} injectable everywhere (`@Inject(TAX_SETTINGS)`): built at app creation from
 * the platform's validated config (TaxGatewayConfig), or the given settings (tests).
 */
@Global()
@Module({})
export class TaxSettingsModule {
  static forRoot(settings?: TaxSettings): DynamicModule {
    const provider: Provider = settings
      ? { provide: TAX_SETTINGS, useValue: settings }
      : { provide: TAX_SETTINGS, inject: [PLATFORM_CONFIG], useFactory: (config: object) => loadTaxSettings(config as Record<string, unknown>) };
    return { module: TaxSettingsModule, providers: [provider], exports: [TAX_SETTINGS] };
  }
}
