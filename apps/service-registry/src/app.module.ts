import { Module } from '@nestjs/common';
import { AnnouncementsModule } from './announcements/announcements.module';
import { AuditsModule } from './audits/audits.module';
import { ChecklistModule } from './checklist/checklist.module';
import { ContractsModule } from './contracts/contracts.module';
import { DemotionsModule } from './demotions/demotions.module';
import { LifecycleModule } from './lifecycle/lifecycle.module';
import { PagesModule } from './pages/pages.module';
import { RegistryPlatformModule } from './registry-platform.module';
import { ReservedSlotsModule } from './reserved-slots/reserved-slots.module';
import { ReviewsModule } from './reviews/reviews.module';
import { SchedulingModule } from './scheduling/scheduling.module';
import { ServicesModule } from './services/services.module';
import { StyleModule } from './style/style.module';

/** The platform, the end-user token verifier, and one module per area of the registry. */
@Module({
  imports: [
    RegistryPlatformModule,
    ServicesModule,
    LifecycleModule,
    ChecklistModule,
    ReviewsModule,
    DemotionsModule,
    ContractsModule,
    AnnouncementsModule,
    AuditsModule,
    PagesModule,
    ReservedSlotsModule,
    StyleModule,
    SchedulingModule,
  ],
})
export class AppModule {}
