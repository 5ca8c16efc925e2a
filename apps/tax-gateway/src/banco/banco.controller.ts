import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { BANCO_PROBLEMS } from './banco-errors';
import { BancoService } from './banco.service';
import { MovimientosPageView } from '@lib/contracts';
import { BancoHealthView, MovimientosQueryDto, RefreshBodyDto, RefreshView } from './dto/banco.dto';

/** Cached bank movements (spec 1 "Cached bank movements"; docs/tax-gateway.md "Bank movements"). */
@ApiTags('banco')
@Controller('banco')
export class BancoController {
  constructor(private readonly banco: BancoService) {}

  @Post('refresh')
  @HttpCode(200)
  @Callers('admin')
  // Reaches the provider: rate limited per caller + tenant.
  @Throttle({ default: { limit: 10, ttl: 60_000 } })
  @ApiOperation({
    summary:
      "Reads every page of every CLP account of the tenant's bank link for desde..hasta (default: the last 30 days, America/Santiago) and stores the movements once each, in one transaction",
  })
  @ApiOkResponse({ type: RefreshView })
  @ApiProblemResponses(
    { status: 400, errors: ['validation_failed', 'range_invalid'] },
    401,
    403,
    { status: 422, errors: ['banco_not_linked', 'banco_link_unreadable'] },
    { status: 429, errors: ['rate_limited'] },
    ...BANCO_PROBLEMS,
  )
  refresh(@Body() dto: RefreshBodyDto): Promise<RefreshView> {
    return this.banco.refresh(dto.tenant, dto.desde, dto.hasta);
  }

  @Get('movimientos')
  @Callers('admin', 'accounting')
  @ApiOperation({ summary: 'Stored movements of a tenant, newest first, paginated; amounts in whole CLP (negative for debits)' })
  @ApiOkResponse({ type: MovimientosPageView })
  @ApiProblemResponses(400, 401, 403)
  listMovimientos(@Query() q: MovimientosQueryDto): Promise<MovimientosPageView> {
    return this.banco.listMovimientos(q);
  }

  @Get('health')
  @Callers('admin', 'accounting')
  @ApiOperation({
    summary: "The bank provider's reachability (a short probe) and each tenant's last refresh and stored movements; never a 5xx",
  })
  @ApiOkResponse({ type: BancoHealthView })
  @ApiProblemResponses(401, 403)
  health(): Promise<BancoHealthView> {
    return this.banco.health();
  }
}
