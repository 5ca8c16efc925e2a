import { Module } from '@nestjs/common';
import { EmisoresController } from './emisores.controller';
import { EmisoresService } from './emisores.service';
import { EmisoresStore } from './emisores.store';

/** Issuer data per tenant, /tax/emisores/* (docs/tax-gateway.md "Emisores"). */
@Module({
  controllers: [EmisoresController],
  providers: [EmisoresService, EmisoresStore],
  exports: [EmisoresService],
})
export class EmisoresModule {}
