import { Module } from '@nestjs/common';
import { DteModule } from '../dte/dte.module';
import { BoletaModule } from '../boleta/boleta.module';
import { CesionModule } from '../cesion/cesion.module';
import { LibrosModule } from '../libros/libros.module';
import { EnvioReconciler } from './envio-reconciler';

/** The background follower of every submission to the SII (docs/tax-gateway.md "Reconciler"); no routes. */
@Module({
  imports: [DteModule, LibrosModule, BoletaModule, CesionModule],
  providers: [EnvioReconciler],
  exports: [EnvioReconciler],
})
export class ReconcilerModule {}
