import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { Actor, CurrentActor } from '../common/actor';
import { parseMes } from '../common/periodo';
import { Audited } from '../auditoria/audited.decorator';
import { CerrarPeriodoDto, PeriodosQueryDto } from './dto/cerrar-periodo.dto';
import { PeriodosService } from './periodos.service';
import { PeriodoCerradoView, PeriodosView } from './dto/periodo.view';

@ApiTags('periodos')
@Callers('admin')
@Controller('contable/periodos')
export class PeriodosController {
  constructor(private readonly periodos: PeriodosService) {}

  @Post(':periodo/cerrar')
  @HttpCode(201)
  @Audited({ accion: 'cerrar_periodo', entidad: 'periodo', kind: 'write' })
  @ApiOperation({ summary: 'Close a month (YYYY-MM): no entry may be dated in it afterwards' })
  @ApiParam({ name: 'periodo', example: '2025-03' })
  @ApiCreatedResponse({ type: PeriodoCerradoView })
  @ApiProblemResponses(
    400,
    401,
    403,
    404,
    { status: 409, errors: ['period_already_closed'] },
    { status: 422, errors: ['periodo_out_of_range'] },
  )
  close(@Param('periodo') periodo: string, @Body() dto: CerrarPeriodoDto, @CurrentActor() actor: Actor): Promise<PeriodoCerradoView> {
    return this.periodos.close(dto.empresa_id, parseMes(periodo).periodo, actor);
  }

  @Get()
  @Audited({ accion: 'consultar_periodos', entidad: 'periodo', kind: 'read' })
  @ApiOperation({ summary: 'Closed periods of an empresa' })
  @ApiOkResponse({ type: PeriodosView })
  @ApiProblemResponses(400, 401, 403, 404)
  async list(@Query() q: PeriodosQueryDto): Promise<PeriodosView> {
    return { cerrados: await this.periodos.list(q.empresa_id) };
  }
}
