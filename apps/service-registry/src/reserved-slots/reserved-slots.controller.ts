import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Callers, OidcBearerGuard } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { ApiEndUser } from '../access/api-end-user.decorator';
import { CurrentViewer, type Viewer } from '../access/viewer';
import { CreateReservedSlotDto } from './reserved-slot.dto';
import { ReservedSlotListView, ReservedSlotView } from './reserved-slot.view';
import { ReservedSlotsService } from './reserved-slots.service';

@ApiTags('reserved-slots')
@ApiEndUser()
@UseGuards(OidcBearerGuard)
@Callers('admin', 'marketplace')
@Controller('api/v1/reserved-slots')
export class ReservedSlotsController {
  constructor(private readonly slots: ReservedSlotsService) {}

  @Post()
  @Callers('admin')
  @HttpCode(201)
  @ApiOperation({ summary: 'Reserve a slot for a future product: port 8200-8299, canonical path, brand tokens' })
  @ApiCreatedResponse({ type: ReservedSlotView })
  @ApiProblemResponses(400, 401, 403, { status: 409, errors: ['slot_exists', 'slug_taken', 'port_taken'] })
  async create(@Body() dto: CreateReservedSlotDto, @CurrentViewer() viewer: Viewer): Promise<ReservedSlotView> {
    return this.slots.create(dto, viewer);
  }

  @Get()
  @ApiOperation({ summary: 'Reserved slots, by port' })
  @ApiOkResponse({ type: ReservedSlotListView })
  @ApiProblemResponses(401, 403)
  async list(): Promise<ReservedSlotListView> {
    return { items: await this.slots.list() };
  }

  @Get(':slug')
  @ApiOperation({ summary: 'One reserved slot' })
  @ApiOkResponse({ type: ReservedSlotView })
  @ApiProblemResponses(401, 403, 404)
  async get(@Param('slug') slug: string): Promise<ReservedSlotView> {
    return this.slots.get(slug);
  }

  @Delete(':slug')
  @Callers('admin')
  @HttpCode(204)
  @ApiOperation({ summary: 'Release a reserved slot (admin or superadmin)' })
  @ApiNoContentResponse({ description: 'Released' })
  @ApiProblemResponses(401, 403, 404)
  async release(@Param('slug') slug: string, @CurrentViewer() viewer: Viewer): Promise<void> {
    await this.slots.release(slug, viewer);
  }
}
