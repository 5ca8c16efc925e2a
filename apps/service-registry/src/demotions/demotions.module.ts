import { Module } from '@nestjs/common';
import { AnnouncementsModule } from '../announcements/announcements.module';
import { ClockModule } from '../clock/clock.module';
import { ContractsModule } from '../contracts/contracts.module';
import { ServicesModule } from '../services/services.module';
import { DemotionScheduler } from './demotion.scheduler';
import { DemotionService } from './demotion.service';
import { DemotionsController } from './demotions.controller';
import { DemotionsStore } from './demotions.store';
import { SunsetScheduler } from './sunset.scheduler';

/** Demotions (7-day notice, grace period, deactivation at internal), their scheduler and the sunset of deprecated services. */
@Module({
  imports: [ClockModule, ServicesModule, AnnouncementsModule, ContractsModule],
  controllers: [DemotionsController],
  providers: [DemotionService, DemotionScheduler, SunsetScheduler, DemotionsStore],
  exports: [DemotionService, DemotionScheduler, SunsetScheduler],
})
export class DemotionsModule {}
