import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Callers, OidcBearerGuard } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { ApiEndUser } from '../access/api-end-user.decorator';
import { CurrentViewer, type Viewer } from '../access/viewer';
import { ContractsService } from './contracts.service';
import { ContractListView, ContractView } from './dto/contract.view';
import { CreateContractDto, CreateHoldDto } from './dto/contracts.dto';

/** Contracts of a service and the credits held against them. */
@ApiTags('contracts')
@ApiEndUser()
@UseGuards(OidcBearerGuard)
@Callers('admin', 'marketplace')
@Controller('api/v1')
export class ContractsController {
  constructor(private readonly contracts: ContractsService) {}

  @Post('services/:slug/contracts')
  @Callers('admin')
  @HttpCode(201)
  @ApiOperation({ summary: 'Create an active contract for a service (admin or superadmin)' })
  @ApiCreatedResponse({ type: ContractView })
  @ApiProblemResponses(400, 401, 403, 404, { status: 409, errors: ['service_inactive'] })
  async create(@Param('slug') slug: string, @Body() dto: CreateContractDto, @CurrentViewer() viewer: Viewer): Promise<ContractView> {
    return this.contracts.create(slug, dto, viewer);
  }

  @Get('services/:slug/contracts')
  @ApiOperation({ summary: 'Contracts of a service with their credit holds' })
  @ApiOkResponse({ type: ContractListView })
  @ApiProblemResponses(401, 403, 404)
  async list(@Param('slug') slug: string, @CurrentViewer() viewer: Viewer): Promise<ContractListView> {
    return { slug, items: await this.contracts.listForService(slug, viewer) };
  }

  @Post('contracts/:id/holds')
  @Callers('admin')
  @HttpCode(201)
  @ApiOperation({ summary: 'Hold credits (CLP whole pesos) against an active contract (admin or superadmin)' })
  @ApiCreatedResponse({ type: ContractView })
  @ApiProblemResponses(400, 401, 403, 404, { status: 409, errors: ['contract_inactive'] })
  async hold(
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() dto: CreateHoldDto,
    @CurrentViewer() viewer: Viewer,
  ): Promise<ContractView> {
    return this.contracts.hold(id, dto, viewer);
  }
}
