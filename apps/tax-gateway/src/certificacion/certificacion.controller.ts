import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { UPSTREAM_PROBLEMS } from '../sii/sii-problems';
import { JobView } from '../jobs/dto/job.dto';
import { CertificacionRunDto, CertificacionSetsView, CertificacionSetsQueryDto } from './dto/certificacion.dto';
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
  @HttpCode(202)
  @ApiOperation({
    summary: 'Queue a job that emits every case of the set in one EnvioDTE, in order, with its SET reference, and generates its books',
    description:
      'Answers the job `queued` with Location /tax/jobs/{job_id}; the job reports each case and book as it is reached and ends with a ' +
      'summary per case (CertificacionRunView) in `resultado`, or the problem that stopped it (caf_missing, set_invalid, emisor_incomplete, ' +
      "dte_invalid, the SII's or the signer's) in `error`. A set given as set_base64 is read before anything is queued.",
  })
  @ApiAcceptedResponse({ type: JobView, headers: { Location: { description: '/tax/jobs/{job_id}', schema: { type: 'string' } } } })
  @ApiProblemResponses(400, 401, 403, { status: 422, errors: ['set_invalid', 'set_empty'] })
  async run(
    @Body() dto: CertificacionRunDto,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Caller() caller?: string,
  ): Promise<JobView> {
    const job = await this.certificacion.run(dto, caller);
    reply.header('Location', `/tax/jobs/${job.job_id}`);
    return job;
  }
}
