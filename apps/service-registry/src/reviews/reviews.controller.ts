import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Callers, OidcBearerGuard } from '@lib/auth';
import { ApiProblemResponses } from '@lib/schemas';
import { CurrentViewer, type Viewer } from '../access/viewer';
import { CreateReviewDto } from './dto/create-review.dto';
import { ReviewsService } from './reviews.service';
import { ApiEndUser } from '../access/api-end-user.decorator';

@ApiTags('reviews')
@ApiEndUser()
@UseGuards(OidcBearerGuard)
@Controller('api/v1/services/:slug/reviews')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Post()
  @Callers('admin')
  @HttpCode(201)
  @ApiOperation({ summary: 'Review the next promotion (to beta or public); superadmin' })
  @ApiProblemResponses(400, 401, 403, 404, { status: 409, errors: ['review_not_applicable'] })
  async create(@Param('slug') slug: string, @Body() dto: CreateReviewDto, @CurrentViewer() viewer: Viewer) {
    return this.reviews.create(slug, dto, viewer);
  }

  @Get()
  @ApiOperation({ summary: 'Reviews of a service, newest first' })
  @ApiProblemResponses(401, 404)
  async list(@Param('slug') slug: string, @CurrentViewer() viewer: Viewer) {
    return { slug, items: await this.reviews.list(slug, viewer) };
  }
}
