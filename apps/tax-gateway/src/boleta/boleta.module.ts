import { Module } from '@nestjs/common';
import { DteModule } from '../dte/dte.module';
import { EmisoresModule } from '../emisores/emisores.module';
import { EnvioModule } from '../envio/envio.module';
import { JobsModule } from '../jobs/jobs.module';
import { BoletaLotes } from './boleta-lotes';
import { BoletaController } from './boleta.controller';
import { BoletaEnvios } from './boleta-envios';
import { BoletaService } from './boleta.service';
import { BoletaStore } from './boleta.store';

/** Boletas 39 and 41 through the SII's boleta services (docs/tax-gateway.md "Boletas"). */
@Module({
  imports: [DteModule, EnvioModule, EmisoresModule, JobsModule],
  controllers: [BoletaController],
  providers: [BoletaService, BoletaEnvios, BoletaStore, BoletaLotes],
  exports: [BoletaEnvios],
})
export class BoletaModule {}
