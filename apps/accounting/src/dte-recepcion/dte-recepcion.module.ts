import { Module } from '@nestjs/common';
import { AsientosModule } from '../asientos/asientos.module';
import { AuditoriaModule } from '../auditoria/auditoria.module';
import { PlanCuentasModule } from '../plan-cuentas/plan-cuentas.module';
import { BookingService } from './booking.service';
import { RecepcionController } from './recepcion.controller';
import { RecepcionService } from './recepcion.service';

/** Received DTEs: POST /contable/recibir-dte; BookingService and RecepcionService are exported for the poller endpoint. */
@Module({
  imports: [AsientosModule, AuditoriaModule, PlanCuentasModule],
  controllers: [RecepcionController],
  providers: [BookingService, RecepcionService],
  exports: [BookingService, RecepcionService],
})
export class DteRecepcionModule {}
