import { Module } from '@nestjs/common';
import { AnnouncementsModule } from '../announcements/announcements.module';
import { AuditsModule } from '../audits/audits.module';
import { ClockModule } from '../clock/clock.module';
import { DemotionsModule } from '../demotions/demotions.module';
import { SchedulerHost } from './scheduler-host';

/** The timer that runs the time-driven jobs (due demotions, sunsets, stale previews, announcement delivery). */
@Module({
  imports: [ClockModule, DemotionsModule, AuditsModule, AnnouncementsModule],
  providers: [SchedulerHost],
})
export class SchedulingModule {}
