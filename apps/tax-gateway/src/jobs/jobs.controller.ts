import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Callers } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { JobIdParamDto, JobView } from './dto/job.dto';
import { JobsService } from './jobs.service';

/** Long work in the background (docs/tax-gateway.md "Jobs"). */
@ApiTags('jobs')
@Controller('tax/jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Get(':job_id')
  @Callers('admin', 'assistant', 'accounting')
  @ApiOperation({ summary: "A job's state, its items as they were reached, and its answer or problem once it ended" })
  @ApiOkResponse({ type: JobView })
  @ApiProblemResponses(400, 401, 403, { status: 404, errors: ['job_not_found'] })
  get(@Param() p: JobIdParamDto): Promise<JobView> {
    return this.jobs.get(p.job_id);
  }
}
