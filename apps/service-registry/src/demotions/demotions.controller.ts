import { Controller, Delete, Get, Param, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Callers, OidcBearerGuard } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { ApiEndUser } from '../access/api-end-user.decorator';
import { CurrentViewer, ROLES, type Viewer } from '../access/viewer';
import { ServicesService } from '../services/services.service';
import { DemotionService } from './demotion.service';
import { DemotionListView, DemotionView, toDemotionView } from './demotion.view';

/** Announced (scheduled) demotions of a service. */
@ApiTags('demotions')
@ApiEndUser()
@UseGuards(OidcBearerGuard)
@Callers('admin', 'marketplace')
@Controller('api/v1/services/:slug/demotions')
export class DemotionsController {
  constructor(
    private readonly services: ServicesService,
    private readonly demotions: DemotionService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Scheduled, applied and cancelled demotions of a service, newest first' })
  @ApiOkResponse({ type: DemotionListView })
  @ApiProblemResponses(401, 403, 404)
  async list(@Param('slug') slug: string, @CurrentViewer() viewer: Viewer): Promise<DemotionListView> {
    const service = await this.services.findVisible(slug, viewer);
    return { slug, items: (await this.demotions.list(service.id)).map(toDemotionView) };
  }

  @Delete(':id')
  @Callers('admin')
  @ApiOperation({ summary: 'Cancel a scheduled demotion (superadmin)' })
  @ApiOkResponse({ type: DemotionView })
  @ApiProblemResponses(401, 403, 404, { status: 409, errors: ['not_scheduled'] })
  async cancel(@Param('slug') slug: string, @Param('id') id: string, @CurrentViewer() viewer: Viewer): Promise<DemotionView> {
    const service = await this.services.findVisibleFor(slug, viewer, [ROLES.superadmin], 'cancel a scheduled demotion');
    return toDemotionView(await this.demotions.cancel(service.id, slug, id, viewer.actor));
  }
}
