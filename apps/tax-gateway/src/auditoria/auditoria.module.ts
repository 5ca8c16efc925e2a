import { Global, Module } from '@nestjs/common';
import { SignerModule } from '../signer/signer.module';
import { AuditoriaController } from './auditoria.controller';
import { AuditoriaService } from './auditoria.service';

/**
 * Audit receipts (spec 1 §9): the `@Auditar` routes of every area get one through AuditoriaInterceptor, which Nest
 * builds in each area's module; global so that it finds AuditoriaService there.
 */
@Global()
@Module({
  imports: [SignerModule],
  controllers: [AuditoriaController],
  providers: [AuditoriaService],
  exports: [AuditoriaService],
})
export class AuditoriaModule {}
