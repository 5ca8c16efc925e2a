import { Global, Module } from '@nestjs/common';
import { AUDIT_SINK } from '@lib/platform';
import { AccountingAuditSink } from './audit.sink';
import { AuditoriaController } from './auditoria.controller';
import { AuditoriaService } from './auditoria.service';
import { AuditoriaStore } from './auditoria.store';

/** The audit trail: the service other modules record with, the audit sink of `@Audited` routes, GET /contable/auditoria. Global, so that the audit interceptor, built in each area's module, finds the sink. */
@Global()
@Module({
  controllers: [AuditoriaController],
  providers: [AuditoriaStore, AuditoriaService, { provide: AUDIT_SINK, useClass: AccountingAuditSink }],
  exports: [AuditoriaService, AUDIT_SINK],
})
export class AuditoriaModule {}
