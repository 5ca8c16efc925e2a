import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from '../clock/clock.module';
import { ServicesModule } from '../services/services.module';
import { ContractEntity, CreditHoldEntity, CreditTransactionEntity } from './contract.entity';
import { ContractsController } from './contracts.controller';
import { ContractsService } from './contracts.service';

/** Contracts of services and the credits held against them (released when a service goes to internal). */
@Module({
  imports: [ClockModule, ServicesModule, TypeOrmModule.forFeature([ContractEntity, CreditHoldEntity, CreditTransactionEntity])],
  controllers: [ContractsController],
  providers: [ContractsService],
  exports: [ContractsService],
})
export class ContractsModule {}
