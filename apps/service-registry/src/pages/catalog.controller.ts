import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Callers, OidcBearerGuard } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { ApiEndUser } from '../access/api-end-user.decorator';
import { CurrentViewer, type Viewer } from '../access/viewer';
import { CatalogView, toCatalogCardView } from './dto/catalog-card.view';
import { PagesService } from './pages.service';

/** The catalog as JSON, for the marketplace front end (cards with badges). */
@ApiTags('marketplace pages')
@ApiEndUser()
@UseGuards(OidcBearerGuard)
@Callers('admin', 'marketplace')
@Controller('api/v1/catalog')
export class CatalogController {
  constructor(private readonly pages: PagesService) {}

  @Get()
  @ApiOperation({ summary: 'Catalog cards: public services, plus beta ones (Beta badge) for authenticated users' })
  @ApiOkResponse({ type: CatalogView })
  @ApiProblemResponses(401, 403)
  async list(@CurrentViewer() viewer: Viewer): Promise<CatalogView> {
    return { items: (await this.pages.listCatalog(viewer)).map(toCatalogCardView) };
  }
}
