import { Global, Module } from '@nestjs/common';
import { AUDIT_SINK } from '@lib/platform';
import { SignerModule } from '../signer/signer.module';
import { GatewayAuditSink } from './auditar.decorator';
import { AuditoriaController } from './auditoria.controller';
import { AuditoriaService } from './auditoria.service';
import { AuditoriaStore } from './auditoria.store';

/** Global, so that the audit interceptor, built in each area's module (spec 1 §9), finds the gateway's audit sink. */
@Global()
@Module({
  imports: [SignerModule],
  controllers: [AuditoriaController],
  providers: [AuditoriaService, AuditoriaStore, { provide: AUDIT_SINK, useClass: GatewayAuditSink }],
  exports: [AuditoriaService, AuditoriaStore, AUDIT_SINK],
})
export class AuditoriaModule {}
