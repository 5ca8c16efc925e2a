import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { HonorariosRecibidosView } from '@lib/contracts';
import { Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { PORTAL_PROBLEMS, PORTAL_THROTTLE } from '../portal/openapi-schema';
import { HonorariosRecibidosQueryDto } from './dto/honorarios.dto';
import { HonorariosService } from './honorarios.service';

/** Boletas de honorarios electrónicas (docs/tax-gateway.md "Boletas de honorarios"); accounting books them. */
@ApiTags('honorarios')
@Controller('tax/honorarios')
export class HonorariosController {
  constructor(private readonly honorarios: HonorariosService) {}

  @Get('recibidas')
  @Callers('admin', 'assistant', 'accounting')
  @Throttle(PORTAL_THROTTLE)
  @ApiOperation({
    summary: "The boletas de honorarios the tenant received in a month, as the SII's monthly report lists them (every page)",
  })
  @ApiOkResponse({ type: HonorariosRecibidosView })
  @ApiProblemResponses(...PORTAL_PROBLEMS)
  recibidas(@Query() q: HonorariosRecibidosQueryDto): Promise<HonorariosRecibidosView> {
    return this.honorarios.recibidas(q);
  }
}
