import { Module } from '@nestjs/common';
import { AuditoriaModule } from '../auditoria/auditoria.module';
import { DteRecepcionModule } from '../dte-recepcion/dte-recepcion.module';
import { PollerEndpointController } from './poller-endpoint.controller';
import { PollerEndpointService } from './poller-endpoint.service';

/** POST /contable/poller/recibir-dte: the mailbox poller's endpoint (booking reused from DteRecepcionModule). */
@Module({
  imports: [AuditoriaModule, DteRecepcionModule],
  controllers: [PollerEndpointController],
  providers: [PollerEndpointService],
})
export class PollerEndpointModule {}
