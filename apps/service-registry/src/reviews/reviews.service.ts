import { Injectable } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { ROLES, type Viewer } from '../access/viewer';
import { Clock } from '../clock/clock';
import { nextStage } from '../lifecycle/transitions';
import type { ServiceEntity } from '../services/entities/service.entity';
import { ServicesService } from '../services/services.service';
import type { CreateReviewDto } from './dto/create-review.dto';
import type { ReviewView } from './dto/review.view';
import type { ReviewEntity } from './review.entity';
import { ReviewsStore } from './reviews.store';

/** Human reviews of promotions to beta and public, by a superadmin (docs/service-registry.md "Roles matrix"). */
@Injectable()
export class ReviewsService {
  constructor(
    private readonly store: ReviewsStore,
    private readonly services: ServicesService,
    private readonly clock: Clock,
  ) {}

  async create(slug: string, dto: CreateReviewDto, viewer: Viewer): Promise<ReviewView> {
    const service = await this.services.findVisibleFor(slug, viewer, [ROLES.superadmin], 'review a promotion');
    const next = nextStage(service.marketplace_status);
    const target = dto.target ?? next;
    if (target !== next || (target !== 'beta' && target !== 'public')) {
      throw new ProblemException(
        409,
        'review_not_applicable',
        `${service.slug} is ${service.marketplace_status}; only a review for ${next === 'beta' || next === 'public' ? next : 'no stage (internal -> preview needs none)'} applies.`,
      );
    }
    const row = await this.store.insert({
      service_id: service.id,
      target,
      decision: dto.decision,
      comment: dto.comment ?? null,
      reviewer: viewer.actor,
      created_at: this.clock.now(),
    });
    return toReviewView(row);
  }

  async list(slug: string, viewer: Viewer): Promise<ReviewView[]> {
    const service = await this.services.findVisible(slug, viewer);
    return (await this.store.listReviews(service.id)).map(toReviewView);
  }

  /** The newest review given since the service entered its current stage (an earlier stay's do not count). */
  async findDeciding(service: ServiceEntity, target: 'beta' | 'public'): Promise<ReviewEntity | null> {
    return this.store.findNewestSince(service.id, target, service.stage_entered_at);
  }
}

export function toReviewView(r: ReviewEntity): ReviewView {
  return {
    id: String(r.id),
    target: r.target,
    decision: r.decision,
    comment: r.comment,
    reviewer: r.reviewer,
    created_at: new Date(r.created_at).toISOString(),
  };
}
