import { Controller, Get, Headers, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { F29BorradorView } from './dto/f29-borrador.view';
import { LibroIngresosEgresosView } from './dto/libro-ingresos-egresos.view';
import { ApiReport } from './api-report.decorator';
import { Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import type { FastifyReply } from 'fastify';
import { MesQueryDto } from '../common/dto/mes-query.dto';
import { Audited } from '../auditoria/audited.decorator';
import { ReporteQueryDto } from './dto/reporte-query.dto';
import { F29BorradorReportService } from './f29-borrador.report';
import { LibroIngresosEgresosReportService } from './libro-ingresos-egresos.report';
import { respond } from './reportes.controller';
import { f29BorradorCsv, libroIngresosEgresosCsv } from './tributarios.csv';

/** Tax books built from documents and the IVA accounts (Pro-Pyme 14 D; F29 draft). */
@ApiTags('reportes')
@Callers('admin')
@ApiProblemResponses(400, 401, 403, 404)
@Controller('contable')
export class TributariosController {
  constructor(
    private readonly libro: LibroIngresosEgresosReportService,
    private readonly f29: F29BorradorReportService,
  ) {}

  @Get('libro-ingresos-egresos')
  @ApiReport(LibroIngresosEgresosView)
  @Audited({ accion: 'consultar_libro_ingresos_egresos', entidad: 'reporte', kind: 'read' })
  @ApiOperation({ summary: 'Libro de ingresos y egresos (Pro-Pyme 14 D) from emitted and received DTEs; notas de crédito subtract' })
  async getLibro(
    @Query() q: ReporteQueryDto,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return respond(
      reply,
      accept,
      await this.libro.build(q.empresa_id, q.periodo),
      libroIngresosEgresosCsv,
      `libro-ingresos-egresos-${q.periodo}`,
    );
  }

  @Get('f29-borrador')
  @ApiReport(F29BorradorView)
  @Audited({ accion: 'consultar_f29_borrador', entidad: 'reporte', kind: 'read' })
  @ApiOperation({ summary: 'DRAFT of the monthly IVA (F29) from the IVA accounts: débito, crédito, remanente; not the official form' })
  async getF29(@Query() q: MesQueryDto, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    return respond(reply, accept, await this.f29.build(q.empresa_id, q.periodo), f29BorradorCsv, `f29-borrador-${q.periodo}`);
  }
}
