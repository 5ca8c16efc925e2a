import { Controller, Get, Headers, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
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
import { F29ComparacionReportService } from './f29-comparacion.report';
import { F29ComparacionView } from './dto/f29-comparacion.view';
import { GATEWAY_PROBLEMS } from '../gateway/gateway-problems';
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
    private readonly comparacion: F29ComparacionReportService,
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

  @Get('f29-comparacion')
  @Audited({ accion: 'consultar_f29_comparacion', entidad: 'reporte', kind: 'read' })
  @ApiOperation({
    summary:
      'The F29 draft from the books beside the F29 the SII has on record for the month (its carpeta tributaria, through the gateway)',
  })
  @ApiOkResponse({ type: F29ComparacionView })
  @ApiProblemResponses(...GATEWAY_PROBLEMS)
  comparar(@Query() q: MesQueryDto): Promise<F29ComparacionView> {
    return this.comparacion.build(q.empresa_id, q.periodo);
  }

  @Get('f29-borrador')
  @ApiReport(F29BorradorView, { pdf: true })
  @Audited({ accion: 'consultar_f29_borrador', entidad: 'reporte', kind: 'read' })
  @ApiOperation({
    summary: 'DRAFT of the F29 from the books, with its códigos (IVA, remanente readjusted by the UTM, honorarios, PPM); JSON, CSV or PDF',
  })
  async getF29(@Query() q: MesQueryDto, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    if (accept && /^\s*application\/pdf\b/i.test(accept)) {
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', `attachment; filename="f29-borrador-${q.periodo}.pdf"`);
      return this.f29.pdf(q.empresa_id, q.periodo);
    }
    return respond(reply, accept, await this.f29.build(q.empresa_id, q.periodo), f29BorradorCsv, `f29-borrador-${q.periodo}`);
  }
}
