import { Module } from '@nestjs/common';
import { ClockModule } from '../clock/clock.module';
import { ReservedSlotsController } from './reserved-slots.controller';
import { ReservedSlotsService } from './reserved-slots.service';
import { ReservedSlotsStore } from './reserved-slots.store';

/** Slots reserved for products not built yet (a platform port, a canonical path, brand tokens). */
@Module({
  imports: [ClockModule],
  controllers: [ReservedSlotsController],
  providers: [ReservedSlotsService, ReservedSlotsStore],
  exports: [ReservedSlotsService],
})
export class ReservedSlotsModule {}
