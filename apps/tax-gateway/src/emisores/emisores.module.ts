import { Module } from '@nestjs/common';
import { EmisoresController } from './emisores.controller';
import { EmisoresService } from './emisores.service';
import { EmisoresStore } from './emisores.store';

@Module({
  controllers: [EmisoresController],
  providers: [EmisoresService, EmisoresStore],
  exports: [EmisoresService],
})
export class EmisoresModule {}
