import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from '../clock/clock.module';
import { AnnouncementDeliverer } from './announcement-deliverer';
import { AnnouncementEntity } from './announcement.entity';
import { AnnouncementsController } from './announcements.controller';
import { AnnouncementsService } from './announcements.service';

/** The announcement outbox (written in the transaction of each change) and its delivery to the webhook. */
@Module({
  imports: [ClockModule, TypeOrmModule.forFeature([AnnouncementEntity])],
  controllers: [AnnouncementsController],
  providers: [AnnouncementsService, AnnouncementDeliverer],
  exports: [AnnouncementsService, AnnouncementDeliverer],
})
export class AnnouncementsModule {}
