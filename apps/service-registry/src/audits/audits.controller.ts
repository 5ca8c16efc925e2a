import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';
import { Callers, OidcBearerGuard } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { CurrentViewer, ROLES, requireRole, type Viewer } from '../access/viewer';
import { PublicAuditView, StalePreviewsView } from './dto/audit.views';
import { PublicAuditService } from './public-audit.service';
import { StalePreviewsService } from './stale-previews.service';
import { ApiEndUser } from '../access/api-end-user.decorator';

export class PublicAuditDto {
  @ApiPropertyOptional({ default: false, description: 'Demote failing, non-grandfathered services to beta with an audit badge.' })
  @IsOptional()
  @IsBoolean()
  apply?: boolean;
}

@ApiTags('audits')
@ApiEndUser()
@UseGuards(OidcBearerGuard)
@Callers('admin', 'marketplace')
@Controller('api/v1')
export class AuditsController {
  constructor(
    private readonly audit: PublicAuditService,
    private readonly stale: StalePreviewsService,
  ) {}

  @Post('audits/public')
  @Callers('admin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Evaluate every public service against the full beta -> public checklist (superadmin)' })
  @ApiOkResponse({ type: PublicAuditView })
  @ApiProblemResponses(400, 401, 403)
  async runPublicAudit(@Body() dto: PublicAuditDto, @CurrentViewer() viewer: Viewer): Promise<PublicAuditView> {
    return this.audit.run(dto.apply === true, viewer);
  }

  @Get('reports/stale-previews')
  @ApiOperation({ summary: 'Services in preview for more than 90 days (superadmin, staff or admin)' })
  @ApiOkResponse({ type: StalePreviewsView })
  @ApiProblemResponses(401, 403)
  async listStalePreviews(@CurrentViewer() viewer: Viewer): Promise<StalePreviewsView> {
    requireRole(viewer, [ROLES.superadmin, ROLES.staff, ROLES.admin], 'read the stale previews report');
    return { items: await this.stale.list() };
  }
}
