import { Module } from '@nestjs/common';
import { SignerModule } from '../signer/signer.module';
import { BhePortal } from './bhe-portal';
import { BuzonService } from './buzon.service';
import { CarpetaService } from './carpeta.service';
import { DocumentosController } from './documentos.controller';
import { FoliosPortal } from './folios-portal';
import { InboxService } from './inbox.service';
import { NotificacionesController } from './notificaciones.controller';
import { RegistroController } from './registro.controller';
import { RegistroService } from './registro.service';
import { PortalAcceso } from './portal-acceso';
import { SesionCertificado } from './sesion-certificado';
import { PortalBrowser } from './portal-browser';
import { PortalVisitas } from './portal-visitas';
import { PortalStore } from './portal.store';
import { ScrapeController } from './scrape.controller';
import { SesionesController } from './sesiones.controller';
import { SesionesImportadas } from './sesiones-importadas';

@Module({
  imports: [SignerModule],
  controllers: [ScrapeController, SesionesController, RegistroController, NotificacionesController, DocumentosController],
  providers: [
    PortalBrowser,
    PortalVisitas,
    PortalStore,
    SesionesImportadas,
    SesionCertificado,
    PortalAcceso,
    CarpetaService,
    RegistroService,
    BuzonService,
    InboxService,
    FoliosPortal,
    BhePortal,
  ],
  exports: [FoliosPortal, BhePortal, SesionCertificado, CarpetaService],
})
export class PortalModule {}
