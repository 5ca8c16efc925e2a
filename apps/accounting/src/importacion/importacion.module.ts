import { Module } from '@nestjs/common';
import { AsientosModule } from '../asientos/asientos.module';
import { AuditoriaModule } from '../auditoria/auditoria.module';
import { ImportacionController } from './importacion.controller';
import { ImportUploadService } from './import-upload.service';
import { ImportacionService } from './importacion.service';
import { ImportacionStore } from './importacion.store';

/** POST /contable/importacion: the one-time CSV import of earlier books. */
@Module({
  imports: [AsientosModule, AuditoriaModule],
  controllers: [ImportacionController],
  providers: [ImportacionStore, ImportacionService, ImportUploadService],
})
export class ImportacionModule {}
