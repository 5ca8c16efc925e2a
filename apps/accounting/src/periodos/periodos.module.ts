import { Module } from '@nestjs/common';
import { AuditoriaModule } from '../auditoria/auditoria.module';
import { PeriodosController } from './periodos.controller';
import { PeriodosService } from './periodos.service';
import { PeriodosStore } from './periodos.store';

@Module({
  imports: [AuditoriaModule],
  controllers: [PeriodosController],
  providers: [PeriodosStore, PeriodosService],
  exports: [PeriodosStore, PeriodosService],
})
export class PeriodosModule {}
