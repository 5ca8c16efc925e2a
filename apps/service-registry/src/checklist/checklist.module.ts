import { Module } from '@nestjs/common';
import { ClockModule } from '../clock/clock.module';
import { ServicesModule } from '../services/services.module';
import { ChecklistController } from './checklist.controller';
import { ChecklistService } from './checklist.service';
import { ChecklistStore } from './checklist.store';
import { EvidenceService } from './evidence.service';
import { HealthProbe } from './health-probe';

/** The promotion checklists: evaluation, stored results, and their evidence (CI reports, attestations). */
@Module({
  imports: [ClockModule, ServicesModule],
  controllers: [ChecklistController],
  providers: [ChecklistService, EvidenceService, HealthProbe, ChecklistStore],
  exports: [ChecklistService],
})
export class ChecklistModule {}
