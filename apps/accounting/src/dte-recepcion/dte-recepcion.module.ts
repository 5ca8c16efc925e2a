import { Module } from '@nestjs/common';
import { AsientosModule } from '../asientos/asientos.module';
import { AuditoriaModule } from '../auditoria/auditoria.module';
import { PlanCuentasModule } from '../plan-cuentas/plan-cuentas.module';
import { BookingService } from './booking.service';
import { GatewayVerification } from './gateway-verification';
import { RecepcionController } from './recepcion.controller';
import { RecepcionService } from './recepcion.service';
import { RecepcionStore } from './recepcion.store';

/** Received DTEs: POST /contable/recibir-dte; BookingService and RecepcionService are exported for the poller endpoint. */
@Module({
  imports: [AsientosModule, AuditoriaModule, PlanCuentasModule],
  controllers: [RecepcionController],
  providers: [RecepcionStore, BookingService, RecepcionService, GatewayVerification],
  exports: [RecepcionStore, BookingService, RecepcionService, GatewayVerification],
})
export class DteRecepcionModule {}
