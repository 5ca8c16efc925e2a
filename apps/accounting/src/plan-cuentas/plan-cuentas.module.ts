import { Module } from '@nestjs/common';
import { AuditoriaModule } from '../auditoria/auditoria.module';
import { PlanCuentasController } from './plan-cuentas.controller';
import { PlanCuentasService } from './plan-cuentas.service';

@Module({
  imports: [AuditoriaModule],
  controllers: [PlanCuentasController],
  providers: [PlanCuentasService],
  exports: [PlanCuentasService],
})
export class PlanCuentasModule {}
