import { Module } from '@nestjs/common';
import { TokenModule } from '../auth/token.module';
import { SiiModule } from '../sii/sii.module';
import { ContribuyenteController } from './contribuyente.controller';
import { ContribuyenteService } from './contribuyente.service';
import { SimTaxpayerSource } from './sim-taxpayer-source';
import { TAXPAYER_SOURCE } from './taxpayer-source';

/** Canonical taxpayer data, /tax/contribuyente/* (docs/DESIGN.md §4.4). */
@Module({
  imports: [SiiModule, TokenModule],
  controllers: [ContribuyenteController],
  providers: [ContribuyenteService, { provide: TAXPAYER_SOURCE, useClass: SimTaxpayerSource }],
  exports: [ContribuyenteService],
})
export class ContribuyenteModule {}
