import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { UPSTREAM_PROBLEMS } from '../sii/sii-problems';
import { RcvLibroView } from '@lib/contracts';
import { RcvLibroQueryDto } from './dto/rcv.dto';
import { RcvService } from './rcv.service';

/** The purchases and sales register (RCV), reconciled (docs/tax-gateway.md "RCV"). */
@ApiTags('rcv')
@Controller('tax/rcv')
export class RcvController {
  constructor(private readonly rcv: RcvService) {}

  @Get('libro')
  @Callers('admin', 'assistant', 'accounting')
  @ApiOperation({
    summary:
      "The tenant's purchases or sales register of a month as the SII holds it, each document marked coincide, solo_sii, solo_gateway or difiere against the gateway's own",
  })
  @ApiOkResponse({ type: RcvLibroView })
  @ApiProblemResponses(400, 401, 403, ...UPSTREAM_PROBLEMS)
  getLibro(@Query() q: RcvLibroQueryDto): Promise<RcvLibroView> {
    return this.rcv.getLibro(q);
  }
}
