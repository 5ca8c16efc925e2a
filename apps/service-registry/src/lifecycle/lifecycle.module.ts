import { Module } from '@nestjs/common';
import { AnnouncementsModule } from '../announcements/announcements.module';
import { ChecklistModule } from '../checklist/checklist.module';
import { ClockModule } from '../clock/clock.module';
import { DemotionsModule } from '../demotions/demotions.module';
import { ReservedSlotsModule } from '../reserved-slots/reserved-slots.module';
import { ReviewsModule } from '../reviews/reviews.module';
import { ServicesModule } from '../services/services.module';
import { LifecycleController } from './lifecycle.controller';
import { LifecycleService } from './lifecycle.service';
import { PromotionGates } from './promotion-gates';

/** PATCH /api/v1/services/{slug}: field edits and stage changes through the promotion gates or the demotion rules. */
@Module({
  imports: [ClockModule, ServicesModule, ReservedSlotsModule, ChecklistModule, ReviewsModule, DemotionsModule, AnnouncementsModule],
  controllers: [LifecycleController],
  providers: [LifecycleService, PromotionGates],
})
export class LifecycleModule {}
