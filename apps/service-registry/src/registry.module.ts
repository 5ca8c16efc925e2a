import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OidcModule, oidcOptionsFromEnv } from '@lib/auth';
import { PLATFORM_CONFIG } from '@lib/platform';
import { AnnouncementDeliverer } from './announcements/announcement-deliverer';
import { AnnouncementsController } from './announcements/announcements.controller';
import { AnnouncementsService } from './announcements/announcements.service';
import { AuditsController } from './audits/audits.controller';
import { PublicAuditService } from './audits/public-audit.service';
import { StalePreviewsService } from './audits/stale-previews.service';
import { ChecklistController } from './checklist/checklist.controller';
import { ChecklistService } from './checklist/checklist.service';
import { EvidenceService } from './checklist/evidence.service';
import { HealthProbe } from './checklist/health-probe';
import { Clock, SystemClock } from './clock/clock';
import { ContractsController } from './contracts/contracts.controller';
import { ContractsService } from './contracts/contracts.service';
import { DemotionScheduler } from './demotions/demotion.scheduler';
import { DemotionService } from './demotions/demotion.service';
import { DemotionsController } from './demotions/demotions.controller';
import { SunsetScheduler } from './demotions/sunset.scheduler';
import { HistoryService } from './lifecycle/history.service';
import { LifecycleService } from './lifecycle/lifecycle.service';
import { PromotionGates } from './lifecycle/promotion-gates';
import { CatalogController } from './pages/catalog.controller';
import { PagesController } from './pages/pages.controller';
import { PagesService } from './pages/pages.service';
import { REGISTRY_ENTITIES } from './registry.entities';
import { ReservedSlotsController } from './reserved-slots/reserved-slots.controller';
import { ReservedSlotsService } from './reserved-slots/reserved-slots.service';
import { ReviewsController } from './reviews/reviews.controller';
import { ReviewsService } from './reviews/reviews.service';
import { SchedulerHost } from './scheduling/scheduler-host';
import { ServicesController } from './services/services.controller';
import { ServicesService } from './services/services.service';
import { REGISTRY_SETTINGS, type RegistrySettings } from './settings/registry-settings';
import { StyleModule } from './style/style.module';

/**
 * Registry-wide providers: the clock (tests override `Clock`), the registry settings (the validated
 * app config, under REGISTRY_SETTINGS) and the OIDC verifier of end-user bearer tokens.
 */
@Global()
@Module({
  imports: [
    OidcModule.forRoot({
      inject: [PLATFORM_CONFIG],
      useFactory: (config: RegistrySettings) => oidcOptionsFromEnv(config as unknown as NodeJS.ProcessEnv),
    }),
  ],
  providers: [
    { provide: Clock, useClass: SystemClock },
    { provide: REGISTRY_SETTINGS, useExisting: PLATFORM_CONFIG },
  ],
  exports: [Clock, REGISTRY_SETTINGS],
})
export class RegistryCoreModule {}

/**
 * The service registry: records, marketplace lifecycle (transitions, gates, checklists, reviews,
 * demotions, sunset), contracts and credits, announcements, marketplace pages, reserved slots,
 * audits and reports, the style catalog, and the schedulers.
 */
@Module({
  imports: [RegistryCoreModule, TypeOrmModule.forFeature(REGISTRY_ENTITIES), StyleModule],
  controllers: [
    ServicesController, ChecklistController, ReviewsController, DemotionsController, ContractsController,
    ReservedSlotsController, AuditsController, AnnouncementsController, CatalogController, PagesController,
  ],
  providers: [
    ServicesService, HistoryService, LifecycleService, PromotionGates, ChecklistService, EvidenceService, HealthProbe,
    ReviewsService, DemotionService, DemotionScheduler, SunsetScheduler, ContractsService, AnnouncementsService,
    AnnouncementDeliverer, PagesService, ReservedSlotsService, PublicAuditService, StalePreviewsService, SchedulerHost,
  ],
  exports: [DemotionService, SchedulerHost, DemotionScheduler, SunsetScheduler, AnnouncementDeliverer, StalePreviewsService],
})
export class RegistryModule {}
