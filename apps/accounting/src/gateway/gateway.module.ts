import { Global, Module } from '@nestjs/common';
import { AccountingConfig } from '../config';
import { GatewayClient } from './gateway.client';
import { GATEWAY_SETTINGS, gatewaySettingsFromEnv } from './gateway.settings';

/** The tax gateway client, configured from the validated {@link AccountingConfig}. */
@Global()
@Module({
  providers: [
    {
      provide: GATEWAY_SETTINGS,
      inject: [AccountingConfig],
      useFactory: (c: AccountingConfig) =>
        gatewaySettingsFromEnv({
          TAX_GATEWAY_URL: c.TAX_GATEWAY_URL,
          TAX_GATEWAY_KEY: c.TAX_GATEWAY_KEY,
          TAX_GATEWAY_TIMEOUT_MS: String(c.TAX_GATEWAY_TIMEOUT_MS),
          INTERNAL_KEYS: c.INTERNAL_KEYS,
        }),
    },
    GatewayClient,
  ],
  exports: [GatewayClient],
})
export class GatewayModule {}
