import { Module } from '@nestjs/common';
import { RcvClient } from './rcv.client';
import { RegistroReclamoClient } from './registro-reclamo.client';
import { SiiClient } from './sii-client';

/** The outbound SII clients (need TaxSettingsModule and TaxMetricsModule, both global). */
@Module({ providers: [SiiClient, RegistroReclamoClient, RcvClient], exports: [SiiClient, RegistroReclamoClient, RcvClient] })
export class SiiModule {}
