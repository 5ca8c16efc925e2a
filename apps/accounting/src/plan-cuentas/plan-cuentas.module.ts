import { Module } from '@nestjs/common';
import { AuditoriaModule } from '../auditoria/auditoria.module';
import { PlanCuentasController } from './plan-cuentas.controller';
import { PlanCuentasService } from './plan-cuentas.service';
import { PlanCuentasStore } from './plan-cuentas.store';

@Module({
  imports: [AuditoriaModule],
  controllers: [PlanCuentasController],
  providers: [PlanCuentasStore, PlanCuentasService],
  exports: [PlanCuentasStore, PlanCuentasService],
})
export class PlanCuentasModule {}
