import { Global, Module } from '@nestjs/common';
import { AccountingConfig } from '../config';
import { GatewayClient } from './gateway.client';
import { GATEWAY_SETTINGS, gatewaySettingsOf } from './gateway.settings';

/** The tax gateway client, configured from the validated {@link AccountingConfig}. */
@Global()
@Module({
  providers: [
    {
      provide: GATEWAY_SETTINGS,
      inject: [AccountingConfig],
      useFactory: gatewaySettingsOf,
    },
    GatewayClient,
  ],
  exports: [GatewayClient],
})
export class GatewayModule {}
