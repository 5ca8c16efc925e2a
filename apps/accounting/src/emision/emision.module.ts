import { Module } from '@nestjs/common';
import { AsientosModule } from '../asientos/asientos.module';
import { AuditoriaModule } from '../auditoria/auditoria.module';
import { PeriodosModule } from '../periodos/periodos.module';
import { PlanCuentasModule } from '../plan-cuentas/plan-cuentas.module';
import { EmisionClaims } from './emision-claims';
import { EmisionController } from './emision.controller';
import { EmisionService } from './emision.service';
import { EmisionStore } from './emision.store';
import { SeguimientoService } from './seguimiento.service';

/** POST /contable/emit-dte: emission through the tax gateway (GatewayModule is global) and the sales entry. */
@Module({
  imports: [AsientosModule, AuditoriaModule, PeriodosModule, PlanCuentasModule],
  controllers: [EmisionController],
  providers: [EmisionStore, EmisionService, EmisionClaims, SeguimientoService],
})
export class EmisionModule {}
