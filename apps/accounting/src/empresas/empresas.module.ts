import { Module } from '@nestjs/common';
import { AuditoriaModule } from '../auditoria/auditoria.module';
import { PlanCuentasModule } from '../plan-cuentas/plan-cuentas.module';
import { EmpresasController } from './empresas.controller';
import { EmpresasService } from './empresas.service';
import { EmpresasStore } from './empresas.store';

/** Empresas (onboarding through the tax gateway). Needs GatewayModule.forRoot in the app. */
@Module({
  imports: [AuditoriaModule, PlanCuentasModule],
  controllers: [EmpresasController],
  providers: [EmpresasStore, EmpresasService],
})
export class EmpresasModule {}
