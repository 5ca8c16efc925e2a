import { Global, Module } from '@nestjs/common';
import { SignerModule } from '../signer/signer.module';
import { AuditoriaController } from './auditoria.controller';
import { AuditoriaService } from './auditoria.service';
import { AuditoriaStore } from './auditoria.store';

/** Global, so that AuditoriaInterceptor, built in each area's module (spec 1 §9), finds AuditoriaService. */
@Global()
@Module({
  imports: [SignerModule],
  controllers: [AuditoriaController],
  providers: [AuditoriaService, AuditoriaStore],
  exports: [AuditoriaService, AuditoriaStore],
})
export class AuditoriaModule {}
