import { Module } from '@nestjs/common';
import { SiiClient } from './sii-client';

/** The outbound SII client (needs TaxSettingsModule and TaxMetricsModule, both global). */
@Module({ providers: [SiiClient], exports: [SiiClient] })
export class SiiModule {}
