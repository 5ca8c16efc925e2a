import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { Caller, Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { UPSTREAM_PROBLEMS } from '../sii/sii-problems';
import { EmitirDto, EmitirResponseDto } from '@lib/contracts';
import { EmisionIdParamDto, EmisionDetailDto, EstadoQueryDto, EstadoResponseDto } from './dto/emision.dto';
import { EmisionQueryService } from './emision-query.service';
import { EmisionService } from './emision.service';

@ApiTags('dte')
@Controller('tax/dte')
export class DteController {
  constructor(
    private readonly emissions: EmisionService,
    private readonly queries: EmisionQueryService,
  ) {}

  @Post('emitir')
  @Callers('admin', 'accounting')
  @HttpCode(201)
  // Spec 1 "Limits": 20 emissions per minute, keyed by caller + tenant (platform throttler).
  @Throttle({ default: { limit: 20, ttl: 60_000 } })
  @ApiOperation({ summary: 'Emit a DTE (33, 34, 56, 61): folio, TED, signatures, XSD check, upload to the SII' })
  @ApiCreatedResponse({ type: EmitirResponseDto })
  @ApiProblemResponses(
    400,
    401,
    403,
    { status: 404, errors: ['taxpayer_not_found'] },
    { status: 409, errors: ['caf_missing'] },
    {
      status: 422,
      errors: [
        'referencias_required',
        'fecha_out_of_range',
        'fecha_emision_future',
        'fecha_before_caf',
        'all_lines_exempt',
        'taxed_line_in_34',
        'codref_required',
        'codref_single_reference',
        'codref2_with_amounts',
        'referencia_not_found',
        'referencia_receptor_mismatch',
        'referencia_exceeds_original',
        'caf_environment_mismatch',
        'emisor_incomplete',
        'dte_invalid',
        'taxpayer_incomplete',
      ],
    },
    { status: 429, errors: ['rate_limited'] },
    { status: 500, errors: ['xsd_invalid', 'internal_error'] },
    ...UPSTREAM_PROBLEMS,
  )
  emitir(@Body() body: EmitirDto, @Caller() caller?: string): Promise<EmitirResponseDto> {
    return this.emissions.emit(body, caller);
  }

  @Get('estado')
  @Callers('admin', 'assistant', 'accounting')
  @ApiOperation({ summary: 'Upload state of a trackid at the SII (QueryEstUp); updates the stored emission' })
  @ApiOkResponse({ type: EstadoResponseDto })
  @ApiProblemResponses(400, 401, 403, ...UPSTREAM_PROBLEMS)
  estado(@Query() q: EstadoQueryDto): Promise<EstadoResponseDto> {
    return this.queries.estado(q.tenant, q.trackid);
  }

  @Get('get/:emision_id')
  @Callers('admin', 'assistant', 'accounting')
  @ApiOperation({ summary: 'An emitted DTE: folio, trackid, estado, amounts, history and the exact uploaded XML' })
  @ApiOkResponse({ type: EmisionDetailDto })
  @ApiProblemResponses(400, 401, 403, { status: 404, errors: ['emission_not_found'] })
  get(@Param() p: EmisionIdParamDto): Promise<EmisionDetailDto> {
    return this.queries.get(p.emision_id);
  }
}
