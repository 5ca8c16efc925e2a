import { Module } from '@nestjs/common';
import { AuditoriaModule } from '../auditoria/auditoria.module';
import { UtmModule } from '../utm/utm.module';
import { BalanceReportService } from './balance.report';
import { EstadoResultadosReportService } from './estado-resultados.report';
import { F29BorradorReportService } from './f29-borrador.report';
import { F29ComparacionReportService } from './f29-comparacion.report';
import { LibroDiarioReportService } from './libro-diario.report';
import { LibroIngresosEgresosReportService } from './libro-ingresos-egresos.report';
import { LibroMayorReportService } from './libro-mayor.report';
import { ReportesController } from './reportes.controller';
import { ReportesStore } from './reportes.store';
import { TributariosController } from './tributarios.controller';

/** Read-only reports, aggregated in PostgreSQL. */
@Module({
  imports: [AuditoriaModule, UtmModule],
  controllers: [ReportesController, TributariosController],
  providers: [
    ReportesStore,
    BalanceReportService,
    EstadoResultadosReportService,
    LibroDiarioReportService,
    LibroMayorReportService,
    LibroIngresosEgresosReportService,
    F29BorradorReportService,
    F29ComparacionReportService,
  ],
  exports: [BalanceReportService, EstadoResultadosReportService, LibroMayorReportService, F29BorradorReportService],
})
export class ReportesModule {}
