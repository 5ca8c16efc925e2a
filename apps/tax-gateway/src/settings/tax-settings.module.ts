import { Global, Module } from '@nestjs/common';
import { TaxGatewayConfig } from '../config';
import { TAX_SETTINGS, taxSettingsOf } from './tax-settings';

/** The typed TaxSettings for every area (`@Inject(TAX_SETTINGS)`), derived from the app's validated config. */
@Global()
@Module({
  providers: [{ provide: TAX_SETTINGS, inject: [TaxGatewayConfig], useFactory: taxSettingsOf }],
  exports: [TAX_SETTINGS],
})
export class TaxSettingsModule {}
