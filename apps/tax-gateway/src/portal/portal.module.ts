import { Module } from '@nestjs/common';
import { TokenModule } from '../auth/token.module';
import { CarpetaService } from './carpeta.service';
import { PortalAcceso } from './portal-acceso';
import { PortalBrowser } from './portal-browser';
import { PortalVisitas } from './portal-visitas';
import { ScrapeController } from './scrape.controller';
import { SesionesController } from './sesiones.controller';
import { SesionesImportadas } from './sesiones-importadas';

/** The SII portal through a real browser (docs/tax-gateway.md "Portal"). */
@Module({
  imports: [TokenModule],
  controllers: [ScrapeController, SesionesController],
  providers: [PortalBrowser, PortalVisitas, SesionesImportadas, PortalAcceso, CarpetaService],
})
export class PortalModule {}
