import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from '../clock/clock.module';
import { ServiceEntity } from './entities/service.entity';
import { ServiceTransitionEntity } from './entities/transition.entity';
import { HistoryService } from './history.service';
import { ServicesController } from './services.controller';
import { ServicesService } from './services.service';

/** Service records and their append-only history: create, list, read (the stage changes are the lifecycle's). */
@Module({
  imports: [ClockModule, TypeOrmModule.forFeature([ServiceEntity, ServiceTransitionEntity])],
  controllers: [ServicesController],
  providers: [ServicesService, HistoryService],
  exports: [ServicesService, HistoryService],
})
export class ServicesModule {}
