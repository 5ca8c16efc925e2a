import { Module } from '@nestjs/common';
import { AuditoriaModule } from '../auditoria/auditoria.module';
import { UtmController } from './utm.controller';
import { UtmStore } from './utm.store';

/** The UTM of each month (docs/accounting.md "F29 from the books"). */
@Module({
  imports: [AuditoriaModule],
  controllers: [UtmController],
  providers: [UtmStore],
  exports: [UtmStore],
})
export class UtmModule {}
