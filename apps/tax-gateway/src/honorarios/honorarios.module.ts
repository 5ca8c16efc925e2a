import { Module } from '@nestjs/common';
import { PortalModule } from '../portal/portal.module';
import { HonorariosController } from './honorarios.controller';
import { HonorariosService } from './honorarios.service';

@Module({
  imports: [PortalModule],
  controllers: [HonorariosController],
  providers: [HonorariosService],
})
export class HonorariosModule {}
