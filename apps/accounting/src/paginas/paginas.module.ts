import { Module } from '@nestjs/common';
import { RcvModule } from '../rcv/rcv.module';
import { ReportesModule } from '../reportes/reportes.module';
import { PaginasController } from './paginas.controller';
import { PaginasService, PaginasStore } from './paginas.service';

/** Reporting pages for people (docs/accounting.md "Reporting pages"). */
@Module({
  imports: [ReportesModule, RcvModule],
  controllers: [PaginasController],
  providers: [PaginasService, PaginasStore],
})
export class PaginasModule {}
