import { Module } from '@nestjs/common';
import { RcvClient } from './rcv.client';
import { RegistroReclamoClient } from './registro-reclamo.client';
import { SiiClient } from './sii-client';

@Module({ providers: [SiiClient, RegistroReclamoClient, RcvClient], exports: [SiiClient, RegistroReclamoClient, RcvClient] })
export class SiiModule {}
