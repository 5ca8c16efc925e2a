import { Module } from '@nestjs/common';
import { ClockModule } from '../clock/clock.module';
import { ReservedSlotsModule } from '../reserved-slots/reserved-slots.module';
import { HistoryService } from './history.service';
import { ServicesController } from './services.controller';
import { ServicesService } from './services.service';
import { ServicesStore } from './services.store';

/** Service records and their append-only history: create, list, read (the stage changes are the lifecycle's). */
@Module({
  imports: [ClockModule, ReservedSlotsModule],
  controllers: [ServicesController],
  providers: [ServicesService, HistoryService, ServicesStore],
  exports: [ServicesService, HistoryService, ServicesStore],
})
export class ServicesModule {}
