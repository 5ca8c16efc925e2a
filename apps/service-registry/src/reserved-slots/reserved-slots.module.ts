import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from '../clock/clock.module';
import { ReservedSlotEntity } from './reserved-slot.entity';
import { ReservedSlotsController } from './reserved-slots.controller';
import { ReservedSlotsService } from './reserved-slots.service';

/** Slots reserved for products not built yet (a platform port, a canonical path, brand tokens). */
@Module({
  imports: [ClockModule, TypeOrmModule.forFeature([ReservedSlotEntity])],
  controllers: [ReservedSlotsController],
  providers: [ReservedSlotsService],
})
export class ReservedSlotsModule {}
