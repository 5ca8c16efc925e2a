import { Controller, Delete, Get, Param, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { Callers, OidcBearerGuard } from '@lib/auth';
import { ApiProblemResponses, ProblemException } from '@lib/schemas';
import { CurrentViewer, ROLES, requireRole, type Viewer } from '../access/viewer';
import { Clock } from '../clock/clock';
import { ServicesService } from '../services/services.service';
import { DemotionService } from './demotion.service';
import { toDemotionView } from './demotion.view';
import { ScheduledDemotionEntity } from './scheduled-demotion.entity';
import { ApiEndUser } from '../access/api-end-user.decorator';

/** Announced (scheduled) demotions of a service. */
@ApiTags('demotions')
@ApiEndUser()
@UseGuards(OidcBearerGuard)
@Controller('api/v1/services/:slug/demotions')
export class DemotionsController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly services: ServicesService,
    private readonly demotions: DemotionService,
    private readonly clock: Clock,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Scheduled, applied and cancelled demotions of a service, newest first' })
  @ApiProblemResponses(401, 404)
  async list(@Param('slug') slug: string, @CurrentViewer() viewer: Viewer) {
    const service = await this.services.findVisible(slug, viewer);
    const rows = await this.dataSource.getRepository(ScheduledDemotionEntity).find({ where: { service_id: service.id }, order: { id: 'DESC' } });
    return { slug, items: rows.map(toDemotionView) };
  }

  @Delete(':id')
  @Callers('admin')
  @ApiOperation({ summary: 'Cancel a scheduled demotion (superadmin)' })
  @ApiProblemResponses(401, 403, 404, { status: 409, errors: ['not_scheduled'] })
  async cancel(@Param('slug') slug: string, @Param('id') id: string, @CurrentViewer() viewer: Viewer) {
    const service = await this.services.findVisible(slug, viewer);
    requireRole(viewer, [ROLES.superadmin], 'cancel a scheduled demotion');
    if (!/^\d{1,18}$/.test(id)) throw new ProblemException(404, 'not_found', `No demotion ${id} for ${slug}.`);
    return this.dataSource.transaction(async (manager) => {
      const row = await manager.findOne(ScheduledDemotionEntity, { where: { id, service_id: service.id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new ProblemException(404, 'not_found', `No demotion ${id} for ${slug}.`);
      if (row.state !== 'scheduled') throw new ProblemException(409, 'not_scheduled', `Demotion ${id} is already ${row.state}.`);
      await this.demotions.settle(manager, row, 'cancelled', `cancelled by ${viewer.actor}`, this.clock.now());
      return toDemotionView(row);
    });
  }
}
