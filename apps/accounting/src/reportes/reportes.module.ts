import { Module } from '@nestjs/common';
import { AuditoriaModule } from '../auditoria/auditoria.module';
import { BalanceReportService } from './balance.report';
import { EstadoResultadosReportService } from './estado-resultados.report';
import { LibroDiarioReportService } from './libro-diario.report';
import { LibroMayorReportService } from './libro-mayor.report';
import { ReportesController } from './reportes.controller';

/** Read-only reports, aggregated in PostgreSQL. */
@Module({
  imports: [AuditoriaModule],
  controllers: [ReportesController],
  providers: [BalanceReportService, EstadoResultadosReportService, LibroDiarioReportService, LibroMayorReportService],
})
export class ReportesModule {}
