import { Module } from '@nestjs/common';
import { PortalModule } from '../portal/portal.module';
import { SiiModule } from '../sii/sii.module';
import { RcvController } from './rcv.controller';
import { RcvService } from './rcv.service';

/** The RCV register and its reconciliation (docs/tax-gateway.md "RCV"). */
@Module({
  imports: [SiiModule, PortalModule],
  controllers: [RcvController],
  providers: [RcvService],
})
export class RcvModule {}
