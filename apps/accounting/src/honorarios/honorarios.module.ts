import { Module } from '@nestjs/common';
import { AsientosModule } from '../asientos/asientos.module';
import { AuditoriaModule } from '../auditoria/auditoria.module';
import { PlanCuentasModule } from '../plan-cuentas/plan-cuentas.module';
import { HonorariosController } from './honorarios.controller';
import { HonorariosService } from './honorarios.service';
import { HonorariosStore } from './honorarios.store';

/** Boletas de honorarios received, booked with their retention (docs/accounting.md "Boletas de honorarios"). */
@Module({
  imports: [AsientosModule, AuditoriaModule, PlanCuentasModule],
  controllers: [HonorariosController],
  providers: [HonorariosService, HonorariosStore],
})
export class HonorariosModule {}
