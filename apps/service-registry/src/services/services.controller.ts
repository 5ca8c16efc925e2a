import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Callers, OidcBearerGuard } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { CurrentViewer, type Viewer } from '../access/viewer';
import { HistoryService, type TransitionView } from '../lifecycle/history.service';
import { LifecycleService } from '../lifecycle/lifecycle.service';
import { toDemotionView } from '../demotions/demotion.view';
import { CreateServiceDto } from './dto/create-service.dto';
import { ListServicesQuery } from './dto/list-services.query';
import { UpdateServiceDto } from './dto/update-service.dto';
import { toServiceView, type ServiceView } from './service.view';
import { ServicesService } from './services.service';
import { ApiEndUser } from '../access/api-end-user.decorator';

/** Service records and their marketplace stage (spec 2 "Endpoints"). */
@ApiTags('services')
@ApiEndUser()
@UseGuards(OidcBearerGuard)
@Controller('api/v1/services')
export class ServicesController {
  constructor(
    private readonly services: ServicesService,
    private readonly lifecycle: LifecycleService,
    private readonly history: HistoryService,
  ) {}

  @Post()
  @Callers('admin')
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a service (starts in internal); admin or superadmin' })
  @ApiProblemResponses(400, 401, 403, { status: 409, errors: ['slug_taken', 'slug_reserved', 'port_taken'] })
  async create(@Body() dto: CreateServiceDto, @CurrentViewer() viewer: Viewer): Promise<ServiceView> {
    return toServiceView(await this.services.create(dto, viewer));
  }

  @Get()
  @ApiOperation({ summary: 'List the services visible to the caller; without ?status= internal ones are hidden' })
  @ApiProblemResponses(400, 401)
  async list(@Query() query: ListServicesQuery, @CurrentViewer() viewer: Viewer) {
    const page = await this.services.list(query, viewer);
    return { items: page.items.map(toServiceView), total: page.total, limit: page.limit, offset: page.offset };
  }

  @Get(':slug')
  @ApiOperation({ summary: 'One service (404 when not visible to the caller)' })
  @ApiProblemResponses(401, 404)
  async get(@Param('slug') slug: string, @CurrentViewer() viewer: Viewer): Promise<ServiceView> {
    return toServiceView(await this.services.findVisible(slug, viewer));
  }

  @Patch(':slug')
  @Callers('admin')
  @ApiOperation({
    summary: 'Edit a service and/or change its marketplace_status',
    description:
      'One stage forward runs the gates (cooldown, review, cumulative checklist). More than one stage forward is 409 stage_skipped. ' +
      'An earlier stage needs a reason: applied now when a notice for it is at least 7 days old or with force (superadmin), ' +
      'else 202 with a demotion scheduled 7 days out and announced now.',
  })
  @ApiProblemResponses(400, 401, 403, 404, { status: 409, errors: ['stage_skipped', 'cooldown_active', 'review_required', 'review_rejected', 'version_conflict', 'port_taken'] },
    { status: 422, errors: ['checklist_unmet', 'notice_too_short'] })
  async patch(
    @Param('slug') slug: string,
    @Body() dto: UpdateServiceDto,
    @CurrentViewer() viewer: Viewer,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const outcome = await this.lifecycle.patch(slug, dto, viewer);
    const view = toServiceView(outcome.service);
    if (!outcome.demotion) return view;
    if (!outcome.demotion.applied) {
      void reply.status(202);
      return { ...view, demotion: { applied: false, scheduled: toDemotionView(outcome.demotion.scheduled) } };
    }
    return { ...view, demotion: { applied: true, transition_id: String(outcome.demotion.transition.id), deactivation: outcome.demotion.deactivation ?? null } };
  }

  @Get(':slug/history')
  @ApiOperation({ summary: 'Append-only history of the transitions of a service (its changelog)' })
  @ApiProblemResponses(401, 404)
  async historyOf(@Param('slug') slug: string, @CurrentViewer() viewer: Viewer): Promise<{ slug: string; items: TransitionView[] }> {
    const service = await this.services.findVisible(slug, viewer);
    return { slug: service.slug, items: await this.history.list(service.id) };
  }
}
