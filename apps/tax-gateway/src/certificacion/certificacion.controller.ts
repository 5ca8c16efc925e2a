import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { UPSTREAM_PROBLEMS } from '../sii/sii-problems';
import { CertificacionRunDto, CertificacionRunView, CertificacionSetsView, CertificacionSetsQueryDto } from './dto/certificacion.dto';
import { CertificacionService } from './certificacion.service';

/** The SII certification sets (docs/tax-gateway.md "Certification"). */
@ApiTags('certificacion')
@Callers('admin')
@Controller('tax/certificacion')
export class CertificacionController {
  constructor(private readonly certificacion: CertificacionService) {}

  @Get('sets')
  @ApiOperation({ summary: 'The certification sets available for the tenant, with their cases and whether the platform issues each' })
  @ApiOkResponse({ type: CertificacionSetsView })
  @ApiProblemResponses(400, 401, 403, { status: 422, errors: ['set_invalid'] }, ...UPSTREAM_PROBLEMS)
  sets(@Query() q: CertificacionSetsQueryDto): Promise<CertificacionSetsView> {
    return this.certificacion.sets(q.tenant);
  }

  @Post('run')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Emit every case of the set in one EnvioDTE, in order, with its SET reference; follow the envío; a summary per case',
  })
  @ApiOkResponse({ type: CertificacionRunView })
  @ApiProblemResponses(
    400,
    401,
    403,
    { status: 409, errors: ['caf_missing'] },
    { status: 422, errors: ['set_invalid', 'set_empty', 'emisor_incomplete', 'dte_invalid'] },
    ...UPSTREAM_PROBLEMS,
  )
  run(@Body() dto: CertificacionRunDto, @Caller() caller?: string): Promise<CertificacionRunView> {
    return this.certificacion.run(dto, caller);
  }
}
