import { Module } from '@nestjs/common';
import { ClockModule } from '../clock/clock.module';
import { AnnouncementDeliverer } from './announcement-deliverer';
import { AnnouncementsController } from './announcements.controller';
import { AnnouncementsService } from './announcements.service';
import { AnnouncementsStore } from './announcements.store';

/** The announcement outbox (written in the transaction of each change) and its delivery to the webhook. */
@Module({
  imports: [ClockModule],
  controllers: [AnnouncementsController],
  providers: [AnnouncementsService, AnnouncementDeliverer, AnnouncementsStore],
  exports: [AnnouncementsService, AnnouncementDeliverer],
})
export class AnnouncementsModule {}
