import { Module } from '@nestjs/common';
import { LibrosModule } from '../libros/libros.module';
import { PortalModule } from '../portal/portal.module';
import { SiiModule } from '../sii/sii.module';
import { RcvController } from './rcv.controller';
import { RcvService } from './rcv.service';

@Module({
  imports: [SiiModule, PortalModule, LibrosModule],
  controllers: [RcvController],
  providers: [RcvService],
})
export class RcvModule {}
