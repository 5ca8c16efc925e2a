import { Module } from '@nestjs/common';
import { AuditoriaModule } from '../auditoria/auditoria.module';
import { PeriodosModule } from '../periodos/periodos.module';
import { PlanCuentasModule } from '../plan-cuentas/plan-cuentas.module';
import { AsientosController } from './asientos.controller';
import { AsientosService } from './asientos.service';
import { AsientosStore } from './asientos.store';
import { IdempotencyService } from './idempotency.service';
import { LedgerService } from './ledger.service';

/** Entries: the posting core (LedgerService, exported for bookings) and the asientos API. */
@Module({
  imports: [AuditoriaModule, PeriodosModule, PlanCuentasModule],
  controllers: [AsientosController],
  providers: [AsientosStore, AsientosService, LedgerService, IdempotencyService],
  exports: [AsientosStore, AsientosService, LedgerService, IdempotencyService],
})
export class AsientosModule {}
