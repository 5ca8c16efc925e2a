import { Module } from '@nestjs/common';
import { PortalModule } from '../portal/portal.module';
import { SiiModule } from '../sii/sii.module';
import { AutorizadosService } from './autorizados.service';
import { AutorizadosStore } from './autorizados.store';
import { CarpetaContribuyente } from './carpeta-contribuyente';
import { ContribuyenteController } from './contribuyente.controller';
import { ContribuyenteService } from './contribuyente.service';
import { SiiTaxpayerSource } from './sii-taxpayer-source';
import { TAXPAYER_SOURCE } from './taxpayer-source';

@Module({
  imports: [SiiModule, PortalModule],
  controllers: [ContribuyenteController],
  providers: [
    ContribuyenteService,
    AutorizadosStore,
    AutorizadosService,
    CarpetaContribuyente,
    { provide: TAXPAYER_SOURCE, useClass: SiiTaxpayerSource },
  ],
  exports: [ContribuyenteService],
})
export class ContribuyenteModule {}
