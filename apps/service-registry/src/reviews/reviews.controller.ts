import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Callers, OidcBearerGuard } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { ApiEndUser } from '../access/api-end-user.decorator';
import { CurrentViewer, type Viewer } from '../access/viewer';
import { CreateReviewDto } from './dto/create-review.dto';
import { ReviewListView, ReviewView } from './dto/review.view';
import { ReviewsService } from './reviews.service';

@ApiTags('reviews')
@ApiEndUser()
@UseGuards(OidcBearerGuard)
@Callers('admin', 'marketplace')
@Controller('api/v1/services/:slug/reviews')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Post()
  @Callers('admin')
  @HttpCode(201)
  @ApiOperation({ summary: 'Review the next promotion (to beta or public); superadmin' })
  @ApiCreatedResponse({ type: ReviewView })
  @ApiProblemResponses(400, 401, 403, 404, { status: 409, errors: ['review_not_applicable'] })
  async create(@Param('slug') slug: string, @Body() dto: CreateReviewDto, @CurrentViewer() viewer: Viewer): Promise<ReviewView> {
    return this.reviews.create(slug, dto, viewer);
  }

  @Get()
  @ApiOperation({ summary: 'Reviews of a service, newest first' })
  @ApiOkResponse({ type: ReviewListView })
  @ApiProblemResponses(401, 403, 404)
  async list(@Param('slug') slug: string, @CurrentViewer() viewer: Viewer): Promise<ReviewListView> {
    return { slug, items: await this.reviews.list(slug, viewer) };
  }
}
