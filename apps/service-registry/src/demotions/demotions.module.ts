import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnnouncementsModule } from '../announcements/announcements.module';
import { ClockModule } from '../clock/clock.module';
import { ContractsModule } from '../contracts/contracts.module';
import { ServiceEntity } from '../services/entities/service.entity';
import { ServicesModule } from '../services/services.module';
import { DemotionScheduler } from './demotion.scheduler';
import { DemotionService } from './demotion.service';
import { DemotionsController } from './demotions.controller';
import { ScheduledDemotionEntity } from './scheduled-demotion.entity';
import { SunsetScheduler } from './sunset.scheduler';

/** Demotions (7-day notice, grace period, deactivation at internal), their scheduler and the sunset of deprecated services. */
@Module({
  imports: [
    ClockModule,
    ServicesModule,
    AnnouncementsModule,
    ContractsModule,
    TypeOrmModule.forFeature([ScheduledDemotionEntity, ServiceEntity]),
  ],
  controllers: [DemotionsController],
  providers: [DemotionService, DemotionScheduler, SunsetScheduler],
  exports: [DemotionService, DemotionScheduler, SunsetScheduler],
})
export class DemotionsModule {}
