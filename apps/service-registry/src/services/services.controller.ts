import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Callers, OidcBearerGuard } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { ApiEndUser } from '../access/api-end-user.decorator';
import { CurrentViewer, type Viewer } from '../access/viewer';
import { CreateServiceDto } from './dto/create-service.dto';
import { ListServicesQueryDto } from './dto/list-services-query.dto';
import { HistoryService } from './history.service';
import { ServiceHistoryView, ServicePageView, ServiceView, toServiceView } from './service.view';
import { ServicesService } from './services.service';

/** Service records (the endpoints of docs/service-registry.md "Routes"); stage changes are in LifecycleController. */
@ApiTags('services')
@ApiEndUser()
@UseGuards(OidcBearerGuard)
@Callers('admin', 'marketplace')
@Controller('api/v1/services')
export class ServicesController {
  constructor(
    private readonly services: ServicesService,
    private readonly history: HistoryService,
  ) {}

  @Post()
  @Callers('admin')
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a service (starts in internal); admin or superadmin' })
  @ApiCreatedResponse({ type: ServiceView })
  @ApiProblemResponses(400, 401, 403, { status: 409, errors: ['slug_taken', 'slug_reserved', 'port_taken'] })
  async create(@Body() dto: CreateServiceDto, @CurrentViewer() viewer: Viewer): Promise<ServiceView> {
    return toServiceView(await this.services.create(dto, viewer));
  }

  @Get()
  @ApiOperation({ summary: 'List the services visible to the caller; without ?status= internal ones are hidden' })
  @ApiOkResponse({ type: ServicePageView })
  @ApiProblemResponses(400, 401, 403)
  async list(@Query() query: ListServicesQueryDto, @CurrentViewer() viewer: Viewer): Promise<ServicePageView> {
    const page = await this.services.list(query, viewer);
    return { items: page.items.map(toServiceView), total: page.total, limit: page.limit, offset: page.offset };
  }

  @Get(':slug')
  @ApiOperation({ summary: 'One service (404 when not visible to the caller)' })
  @ApiOkResponse({ type: ServiceView })
  @ApiProblemResponses(401, 403, 404)
  async get(@Param('slug') slug: string, @CurrentViewer() viewer: Viewer): Promise<ServiceView> {
    return toServiceView(await this.services.findVisible(slug, viewer));
  }

  @Get(':slug/history')
  @ApiOperation({ summary: 'Append-only history of the transitions of a service (its changelog)' })
  @ApiOkResponse({ type: ServiceHistoryView })
  @ApiProblemResponses(401, 403, 404)
  async listHistory(@Param('slug') slug: string, @CurrentViewer() viewer: Viewer): Promise<ServiceHistoryView> {
    const service = await this.services.findVisible(slug, viewer);
    return { slug: service.slug, items: await this.history.list(service.id) };
  }
}
