import { Module } from '@nestjs/common';
import { SignerClient } from './signer-client';

/** The signing service client (needs TaxSettingsModule and TaxMetricsModule, both global). */
@Module({ providers: [SignerClient], exports: [SignerClient] })
export class SignerModule {}
