import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { Callers, OidcBearerGuard } from '@lib/auth';
import { ApiProblemResponses, type PromotionTarget } from '@lib/schemas';
import { CurrentViewer, ROLES, type Viewer } from '../access/viewer';
import { ServicesService } from '../services/services.service';
import { ChecklistService } from './checklist.service';
import { ChecklistEvaluationView, ChecklistResultsView, EvidenceAcceptedView, EvidenceListView, EvidenceView } from './dto/checklist.views';
import { AttestationDto, ChecklistReportDto } from './dto/evidence.dto';
import { EvidenceService } from './evidence.service';
import { ApiEndUser } from '../access/api-end-user.decorator';

export class EvaluateChecklistDto {
  @ApiProperty({ enum: ['preview', 'beta', 'public'] })
  @IsIn(['preview', 'beta', 'public'])
  target!: PromotionTarget;
}

/** Checklist results and the evidence behind them (CI reports, admin attestations). */
@ApiTags('checklist')
@ApiEndUser()
@UseGuards(OidcBearerGuard)
@Callers('admin', 'marketplace')
@Controller('api/v1/services/:slug')
export class ChecklistController {
  constructor(
    private readonly evidence: EvidenceService,
    private readonly checklist: ChecklistService,
    private readonly services: ServicesService,
  ) {}

  @Post('evidence')
  @Callers('ci', 'admin')
  @HttpCode(201)
  @ApiOperation({ summary: 'Report of the checklist CLI (tools/checklist --post), posted by CI' })
  @ApiCreatedResponse({ type: EvidenceAcceptedView })
  @ApiProblemResponses(400, 401, 403, 404, { status: 422, errors: ['unknown_item'] })
  async report(
    @Param('slug') slug: string,
    @Body() body: ChecklistReportDto,
    @CurrentViewer() viewer: Viewer,
  ): Promise<EvidenceAcceptedView> {
    return { slug, accepted: await this.evidence.submitReport(slug, body, viewer) };
  }

  @Post('attestations')
  @Callers('admin')
  @HttpCode(201)
  @ApiOperation({ summary: 'Attest a checklist item with a link (admin or superadmin)' })
  @ApiCreatedResponse({ type: EvidenceView })
  @ApiProblemResponses(400, 401, 403, 404, { status: 422, errors: ['not_attestable'] })
  async attest(@Param('slug') slug: string, @Body() body: AttestationDto, @CurrentViewer() viewer: Viewer): Promise<EvidenceView> {
    return this.evidence.attest(slug, body, viewer);
  }

  @Get('evidence')
  @ApiOperation({ summary: 'Evidence received for a service, newest first' })
  @ApiOkResponse({ type: EvidenceListView })
  @ApiProblemResponses(401, 403, 404)
  async listEvidence(@Param('slug') slug: string, @CurrentViewer() viewer: Viewer): Promise<EvidenceListView> {
    return { slug, items: await this.evidence.list(slug, viewer) };
  }

  @Get('checklist')
  @ApiOperation({ summary: 'Stored checklist results per item (from the last promotion, evaluation or audit)' })
  @ApiOkResponse({ type: ChecklistResultsView })
  @ApiProblemResponses(401, 403, 404)
  async listResults(@Param('slug') slug: string, @CurrentViewer() viewer: Viewer): Promise<ChecklistResultsView> {
    const service = await this.services.findVisible(slug, viewer);
    return { slug, items: await this.checklist.listStored(service.id) };
  }

  @Post('checklist/evaluate')
  @Callers('admin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Evaluate the cumulative checklist up to a stage now, without promoting (admin or superadmin)' })
  @ApiOkResponse({ type: ChecklistEvaluationView })
  @ApiProblemResponses(400, 401, 403, 404)
  async evaluate(
    @Param('slug') slug: string,
    @Body() body: EvaluateChecklistDto,
    @CurrentViewer() viewer: Viewer,
  ): Promise<ChecklistEvaluationView> {
    const service = await this.services.findVisibleFor(slug, viewer, [ROLES.admin, ROLES.superadmin], 'evaluate a checklist');
    const evaluation = await this.checklist.evaluate(service, body.target, viewer.actor);
    return { slug, target: body.target, met: evaluation.failures.length === 0, items: evaluation.results };
  }
}
