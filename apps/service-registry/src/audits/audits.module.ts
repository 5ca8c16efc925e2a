import { Module } from '@nestjs/common';
import { AnnouncementsModule } from '../announcements/announcements.module';
import { ChecklistModule } from '../checklist/checklist.module';
import { ClockModule } from '../clock/clock.module';
import { DemotionsModule } from '../demotions/demotions.module';
import { ServicesModule } from '../services/services.module';
import { AuditsController } from './audits.controller';
import { PublicAuditService } from './public-audit.service';
import { StalePreviewsService } from './stale-previews.service';

/** The public audit (cutoff rule) and the stale-previews report with its quarterly announcement. */
@Module({
  imports: [ClockModule, ServicesModule, ChecklistModule, DemotionsModule, AnnouncementsModule],
  controllers: [AuditsController],
  providers: [PublicAuditService, StalePreviewsService],
  exports: [StalePreviewsService],
})
export class AuditsModule {}
