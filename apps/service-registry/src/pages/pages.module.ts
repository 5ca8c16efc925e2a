import { Module } from '@nestjs/common';
import { ClockModule } from '../clock/clock.module';
import { ServicesModule } from '../services/services.module';
import { CatalogController } from './catalog.controller';
import { PagesController } from './pages.controller';
import { PagesService } from './pages.service';

/** The marketplace: HTML pages (/s/...) and the catalog cards as JSON. */
@Module({
  imports: [ClockModule, ServicesModule],
  controllers: [PagesController, CatalogController],
  providers: [PagesService],
})
export class PagesModule {}
