import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { Actor, CurrentActor } from '../common/actor';
import { MesQueryDto } from '../common/dto/mes-query.dto';
import { Audited } from '../auditoria/audited.decorator';
import { GATEWAY_PROBLEMS } from '../gateway/gateway-problems';
import { HonorariosImportView } from './dto/honorarios.dto';
import { HonorariosService } from './honorarios.service';

const IMPORT_PROBLEMS = [
  ...[400, 401, 403, 404],
  { status: 409, errors: ['period_closed'] },
  { status: 422, errors: ['periodo_out_of_range'] },
  ...GATEWAY_PROBLEMS,
];

/** Boletas de honorarios received (docs/accounting.md "Boletas de honorarios"). The accountant: admin. */
@ApiTags('honorarios')
@Callers('admin')
@Controller('contable/honorarios')
export class HonorariosController {
  constructor(private readonly honorarios: HonorariosService) {}

  @Post('importar')
  @HttpCode(200)
  @Audited({ accion: 'importar_honorarios', entidad: 'boleta_honorarios', kind: 'write' })
  @ApiOperation({
    summary: "Book the month's boletas de honorarios received, read from the SII's register through the gateway, with their retention",
    description:
      'Each boleta not booked yet: Debe Gastos de Administración bruto, Haber Retenciones por Pagar the retention at the rate of its year ' +
      '(Ley 21.133; none when the issuer retains), Haber Proveedores the líquido. A boleta booked before is `duplicada`; one the SII lists ' +
      'voided after it was booked has its entry reversed once. Nothing is written when the gateway fails.',
  })
  @ApiOkResponse({ type: HonorariosImportView })
  @ApiProblemResponses(...IMPORT_PROBLEMS)
  importar(@Body() dto: MesQueryDto, @CurrentActor() actor: Actor): Promise<HonorariosImportView> {
    return this.honorarios.importar(dto, actor);
  }
}
