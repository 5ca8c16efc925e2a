import { Module } from '@nestjs/common';
import { DteModule } from '../dte/dte.module';
import { JobsModule } from '../jobs/jobs.module';
import { LibrosModule } from '../libros/libros.module';
import { PortalModule } from '../portal/portal.module';
import { SiiModule } from '../sii/sii.module';
import { CertificacionController } from './certificacion.controller';
import { CertificacionService } from './certificacion.service';

@Module({
  imports: [SiiModule, PortalModule, DteModule, LibrosModule, JobsModule],
  controllers: [CertificacionController],
  providers: [CertificacionService],
})
export class CertificacionModule {}
