import { Body, Controller, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiProblemResponses } from '@lib/schemas';
import type { FastifyReply } from 'fastify';
import { Actor, CurrentActor } from '../common/actor';
import { Audited } from '../auditoria/audited.decorator';
import { RecibirDteDto } from './dto/recibir-dte.dto';
import { RecepcionResult, RecepcionService } from './recepcion.service';

@ApiTags('dte-recepcion')
@Controller('contable')
export class RecepcionController {
  constructor(private readonly recepcion: RecepcionService) {}

  @Post('recibir-dte')
  @Audited({ accion: 'recibir_dte', entidad: 'factura', kind: 'write' })
  @ApiOperation({ summary: 'Register received DTEs (33, 34, 56, 61) with their entries; idempotent per (emisor, tipo, folio)' })
  @ApiResponse({ status: 201, description: 'At least one new factura was registered' })
  @ApiResponse({ status: 200, description: 'Nothing new: duplicates and/or DTEs for another receptor' })
  @ApiProblemResponses(400, 401, 404, { status: 409, errors: ['period_closed'] }, { status: 422, errors: ['invalid_dte'] })
  async receive(
    @Body() dto: RecibirDteDto,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RecepcionResult> {
    const result = await this.recepcion.receive(dto, actor);
    reply.status(result.facturas.some((f) => !f.duplicada) ? 201 : 200);
    return result;
  }
}
