import { Global, Module } from '@nestjs/common';
import { SignerModule } from '../signer/signer.module';
import { AuditoriaController } from './auditoria.controller';
import { AuditoriaService } from './auditoria.service';
import { AuditoriaStore } from './auditoria.store';

/**
 * Audit receipts (spec 1 §9): the `@Auditar` routes of every area get one through AuditoriaInterceptor, which Nest
 * builds in each area's module; global so that it finds AuditoriaService there.
 */
@Global()
@Module({
  imports: [SignerModule],
  controllers: [AuditoriaController],
  providers: [AuditoriaService, AuditoriaStore],
  exports: [AuditoriaService, AuditoriaStore],
})
export class AuditoriaModule {}
