import { Module } from '@nestjs/common';
import { TokenModule } from '../auth/token.module';
import { CarpetaService } from './carpeta.service';
import { PortalBrowser } from './portal-browser';
import { PortalVisitas } from './portal-visitas';
import { ScrapeController } from './scrape.controller';

/** The SII portal through a real browser (docs/tax-gateway.md "Portal"). */
@Module({
  imports: [TokenModule],
  controllers: [ScrapeController],
  providers: [PortalBrowser, PortalVisitas, CarpetaService],
})
export class PortalModule {}
