import { Module } from '@nestjs/common';
import { AsientosModule } from '../asientos/asientos.module';
import { AuditoriaModule } from '../auditoria/auditoria.module';
import { PlanCuentasModule } from '../plan-cuentas/plan-cuentas.module';
import { ConciliacionBancariaController } from './banco.controller';
import { ConciliacionBancariaStore } from './banco.store';
import { ConciliacionBancariaService } from './conciliacion-bancaria.service';

/** The gateway's bank movements matched with receivables and payables (docs/accounting.md "Bank reconciliation"). */
@Module({
  imports: [AsientosModule, AuditoriaModule, PlanCuentasModule],
  controllers: [ConciliacionBancariaController],
  providers: [ConciliacionBancariaService, ConciliacionBancariaStore],
})
export class BancoModule {}
