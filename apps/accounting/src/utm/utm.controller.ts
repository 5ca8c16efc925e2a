import { Body, Controller, Get, Param, Put, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { Actor, CurrentActor } from '../common/actor';
import { parseMes } from '../common/periodo';
import { Audited } from '../auditoria/audited.decorator';
import { AuditoriaService } from '../auditoria/auditoria.service';
import { UtmDto, UtmView, UtmsView } from './dto/utm.dto';
import { UtmStore } from './utm.store';

/** The UTM of each month, which the F29 readjusts the remanente with (docs/accounting.md "F29 from the books"). The accountant: admin. */
@ApiTags('utm')
@Callers('admin')
@Controller('contable/utm')
export class UtmController {
  constructor(
    private readonly store: UtmStore,
    private readonly auditoria: AuditoriaService,
  ) {}

  @Put(':mes')
  @Audited({ accion: 'registrar_utm', entidad: 'utm', kind: 'write' })
  @ApiOperation({ summary: "Register or correct a month's UTM in pesos (201 when new)" })
  @ApiParam({ name: 'mes', example: '2026-11' })
  @ApiOkResponse({ type: UtmView, description: 'Corrected' })
  @ApiCreatedResponse({ type: UtmView, description: 'Registered' })
  @ApiProblemResponses(400, 401, 403, 422)
  async put(
    @Param('mes') mes: string,
    @Body() dto: UtmDto,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UtmView> {
    const { periodo } = parseMes(mes, 'mes');
    // The value and its audit row together, or neither.
    const { utm, nuevo } = await this.store.transaction(async (tx) => {
      const put = await this.store.put(tx, periodo, dto.valor, actor.caller);
      await this.auditoria.record(tx, actor, { empresaId: null, accion: 'registrar_utm', entidad: 'utm', entidadId: periodo });
      return put;
    });
    reply.status(nuevo ? 201 : 200);
    return utm;
  }

  @Get()
  @Audited({ accion: 'listar_utm', entidad: 'utm', kind: 'read' })
  @ApiOperation({ summary: 'The UTM registered for each month' })
  @ApiOkResponse({ type: UtmsView })
  @ApiProblemResponses(401, 403)
  async list(): Promise<UtmsView> {
    return { items: await this.store.list() };
  }
}
