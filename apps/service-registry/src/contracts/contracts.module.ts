import { Module } from '@nestjs/common';
import { ClockModule } from '../clock/clock.module';
import { ServicesModule } from '../services/services.module';
import { ContractsController } from './contracts.controller';
import { ContractsService } from './contracts.service';
import { ContractsStore } from './contracts.store';

/** Contracts of services and the credits held against them (released when a service goes to internal). */
@Module({
  imports: [ClockModule, ServicesModule],
  controllers: [ContractsController],
  providers: [ContractsService, ContractsStore],
  exports: [ContractsService],
})
export class ContractsModule {}
