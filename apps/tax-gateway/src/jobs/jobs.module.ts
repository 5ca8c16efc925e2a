import { Module } from '@nestjs/common';
import { JobQueue } from './job-queue';
import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';
import { JobsStore } from './jobs.store';

/** Background jobs on PostgreSQL (docs/tax-gateway.md "Jobs"): areas register their handlers on `JobQueue`. */
@Module({
  controllers: [JobsController],
  providers: [JobQueue, JobsService, JobsStore],
  exports: [JobQueue],
})
export class JobsModule {}
