import { Module } from '@nestjs/common';
import { AsientosModule } from '../asientos/asientos.module';
import { AuditoriaModule } from '../auditoria/auditoria.module';
import { DteRecepcionModule } from '../dte-recepcion/dte-recepcion.module';
import { PlanCuentasModule } from '../plan-cuentas/plan-cuentas.module';
import { RcvController } from './rcv.controller';
import { RcvMensualService } from './rcv-mensual.service';
import { RcvService } from './rcv.service';
import { RcvStore } from './rcv.store';

/** The RCV reconciliation of purchases, on demand and monthly (docs/accounting.md "RCV reconciliation"). */
@Module({
  imports: [AsientosModule, AuditoriaModule, DteRecepcionModule, PlanCuentasModule],
  controllers: [RcvController],
  providers: [RcvService, RcvStore, RcvMensualService],
  exports: [RcvService],
})
export class RcvModule {}
