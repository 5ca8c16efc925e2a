import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from '../clock/clock.module';
import { ServicesModule } from '../services/services.module';
import { ChecklistResultEntity } from './checklist-result.entity';
import { ChecklistController } from './checklist.controller';
import { ChecklistService } from './checklist.service';
import { ChecklistEvidenceEntity } from './evidence.entity';
import { EvidenceService } from './evidence.service';
import { HealthProbe } from './health-probe';

/** The promotion checklists: evaluation, stored results, and their evidence (CI reports, attestations). */
@Module({
  imports: [ClockModule, ServicesModule, TypeOrmModule.forFeature([ChecklistResultEntity, ChecklistEvidenceEntity])],
  controllers: [ChecklistController],
  providers: [ChecklistService, EvidenceService, HealthProbe],
  exports: [ChecklistService],
})
export class ChecklistModule {}
