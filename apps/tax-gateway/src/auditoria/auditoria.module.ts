import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { SignerModule } from '../signer/signer.module';
import { AuditoriaInterceptor } from './auditar.decorator';
import { AuditoriaController } from './auditoria.controller';
import { AuditoriaService } from './auditoria.service';

/** Audit receipts (spec 1 §9): the `@Auditar` routes of every area get one through the app-wide interceptor. */
@Module({
  imports: [SignerModule],
  controllers: [AuditoriaController],
  providers: [AuditoriaService, { provide: APP_INTERCEPTOR, useClass: AuditoriaInterceptor }],
})
export class AuditoriaModule {}
