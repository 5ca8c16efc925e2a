import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Callers, OidcBearerGuard } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { CurrentViewer, ROLES, requireRole, type Viewer } from '../access/viewer';
import { AnnouncementsService } from './announcements.service';
import { AnnouncementListView } from './dto/announcement.view';
import { ApiEndUser } from '../access/api-end-user.decorator';

export class ListAnnouncementsQueryDto {
  @ApiPropertyOptional({ example: 'demotion_notice' })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  kind?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(63)
  slug?: string;

  @ApiPropertyOptional({ default: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit = 100;
}

/** The announcement outbox (what was, or will be, posted to the shared announcement channel). */
@ApiTags('announcements')
@ApiEndUser()
@UseGuards(OidcBearerGuard)
@Callers('admin', 'marketplace')
@Controller('api/v1/announcements')
export class AnnouncementsController {
  constructor(private readonly announcements: AnnouncementsService) {}

  @Get()
  @ApiOperation({ summary: 'Announcements, newest first, with their delivery state (superadmin, staff or admin)' })
  @ApiOkResponse({ type: AnnouncementListView })
  @ApiProblemResponses(400, 401, 403)
  async list(@Query() query: ListAnnouncementsQueryDto, @CurrentViewer() viewer: Viewer): Promise<AnnouncementListView> {
    requireRole(viewer, [ROLES.superadmin, ROLES.staff, ROLES.admin], 'read the announcements');
    return { items: await this.announcements.list(query) };
  }
}
