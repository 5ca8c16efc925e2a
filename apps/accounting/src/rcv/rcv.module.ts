import { Module } from '@nestjs/common';
import { AsientosModule } from '../asientos/asientos.module';
import { AuditoriaModule } from '../auditoria/auditoria.module';
import { DteRecepcionModule } from '../dte-recepcion/dte-recepcion.module';
import { RcvController } from './rcv.controller';
import { RcvService } from './rcv.service';
import { RcvStore } from './rcv.store';

/** The RCV reconciliation of purchases (docs/accounting.md "RCV reconciliation"). */
@Module({
  imports: [AsientosModule, AuditoriaModule, DteRecepcionModule],
  controllers: [RcvController],
  providers: [RcvService, RcvStore],
})
export class RcvModule {}
