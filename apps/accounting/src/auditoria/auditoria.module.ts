import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AuditInterceptor } from './audit.interceptor';
import { AuditoriaController } from './auditoria.controller';
import { AuditoriaService } from './auditoria.service';
import { AuditoriaStore } from './auditoria.store';

/** The audit trail: the service other modules record with, the interceptor, GET /contable/auditoria. */
@Module({
  controllers: [AuditoriaController],
  providers: [AuditoriaStore, AuditoriaService, { provide: APP_INTERCEPTOR, useClass: AuditInterceptor }],
  exports: [AuditoriaService],
})
export class AuditoriaModule {}
