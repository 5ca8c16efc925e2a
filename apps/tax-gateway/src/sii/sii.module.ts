import { Module } from '@nestjs/common';
import { BoletaClient } from './boleta.client';
import { RcvClient } from './rcv.client';
import { RegistroReclamoClient } from './registro-reclamo.client';
import { RpetcClient } from './rpetc.client';
import { SiiClient } from './sii-client';

@Module({
  providers: [SiiClient, RegistroReclamoClient, RcvClient, BoletaClient, RpetcClient],
  exports: [SiiClient, RegistroReclamoClient, RcvClient, BoletaClient, RpetcClient],
})
export class SiiModule {}
