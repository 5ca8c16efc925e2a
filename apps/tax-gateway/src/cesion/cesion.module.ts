import { Module } from '@nestjs/common';
import { TokenModule } from '../auth/token.module';
import { DteModule } from '../dte/dte.module';
import { EnvioModule } from '../envio/envio.module';
import { SignerModule } from '../signer/signer.module';
import { SiiModule } from '../sii/sii.module';
import { AecFirmado } from './aec-firmado';
import { CesionController } from './cesion.controller';
import { CesionService } from './cesion.service';
import { CesionStore } from './cesion.store';
import { CesionRecibida } from './cesion-recibida';

/** Cesión of facturas (AEC) to and from factoring companies (docs/tax-gateway.md "Cesión"). */
@Module({
  imports: [DteModule, EnvioModule, SignerModule, SiiModule, TokenModule],
  controllers: [CesionController],
  providers: [CesionService, CesionRecibida, CesionStore, AecFirmado],
  exports: [CesionService, CesionStore],
})
export class CesionModule {}
