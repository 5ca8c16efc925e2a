import { Controller, Get, Headers, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { LibroMayorView } from './dto/libro-mayor.view';
import { LibroDiarioView } from './dto/libro-diario.view';
import { EstadoResultadosView } from './dto/estado-resultados.view';
import { BalanceView } from './dto/balance.view';
import { ApiReport } from './api-report.decorator';
import { Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import type { FastifyReply } from 'fastify';
import { Audited } from '../auditoria/audited.decorator';
import { BalanceReportService } from './balance.report';
import { balanceCsv, estadoResultadosCsv, libroDiarioCsv, libroMayorCsv } from './csv';
import { LibroMayorQueryDto, ReporteQueryDto } from './dto/reporte-query.dto';
import { EstadoResultadosReportService } from './estado-resultados.report';
import { LibroDiarioReportService } from './libro-diario.report';
import { LibroMayorReportService } from './libro-mayor.report';

/** JSON, or CSV when the client asks for `text/csv` first. */
export function respond<T>(reply: FastifyReply, accept: string | undefined, report: T, toCsv: (r: T) => string, name: string): T | string {
  if (!accept || !/^\s*text\/csv\b/i.test(accept)) return report;
  reply.header('content-type', 'text/csv; charset=utf-8');
  reply.header('content-disposition', `attachment; filename="${name}.csv"`);
  return toCsv(report);
}

@ApiTags('reportes')
@Callers('admin')
@ApiProblemResponses(400, 401, 403, 404)
@Controller('contable')
export class ReportesController {
  constructor(
    private readonly balance: BalanceReportService,
    private readonly estado: EstadoResultadosReportService,
    private readonly diario: LibroDiarioReportService,
    private readonly mayor: LibroMayorReportService,
  ) {}

  @Get('balance')
  @ApiReport(BalanceView)
  @Audited({ accion: 'consultar_balance', entidad: 'reporte', kind: 'read' })
  @ApiOperation({ summary: 'Balance de 8 columnas (fiscal year to the end of periodo) and classified balance sheet' })
  async getBalance(
    @Query() q: ReporteQueryDto,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return respond(reply, accept, await this.balance.build(q.empresa_id, q.periodo), balanceCsv, `balance-${q.periodo}`);
  }

  @Get('estado-resultados')
  @ApiReport(EstadoResultadosView)
  @Audited({ accion: 'consultar_estado_resultados', entidad: 'reporte', kind: 'read' })
  @ApiOperation({ summary: 'Estado de resultados of the period (month YYYY-MM or year YYYY)' })
  async getEstado(
    @Query() q: ReporteQueryDto,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return respond(reply, accept, await this.estado.build(q.empresa_id, q.periodo), estadoResultadosCsv, `estado-resultados-${q.periodo}`);
  }

  @Get('libro-diario')
  @ApiReport(LibroDiarioView)
  @Audited({ accion: 'consultar_libro_diario', entidad: 'reporte', kind: 'read' })
  @ApiOperation({ summary: 'Libro diario: entries of the period with their lines' })
  async getDiario(
    @Query() q: ReporteQueryDto,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return respond(reply, accept, await this.diario.build(q.empresa_id, q.periodo), libroDiarioCsv, `libro-diario-${q.periodo}`);
  }

  @Get('libro-mayor')
  @ApiReport(LibroMayorView)
  @Audited({ accion: 'consultar_libro_mayor', entidad: 'reporte', kind: 'read' })
  @ApiOperation({ summary: 'Libro mayor: per account opening balance, movements with running balance, closing balance' })
  async getMayor(
    @Query() q: LibroMayorQueryDto,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return respond(reply, accept, await this.mayor.build(q.empresa_id, q.periodo, q.cuenta), libroMayorCsv, `libro-mayor-${q.periodo}`);
  }
}
