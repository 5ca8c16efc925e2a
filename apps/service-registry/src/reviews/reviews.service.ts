import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThanOrEqual, Repository } from 'typeorm';
import { ProblemException } from '@lib/schemas';
import { ROLES, requireRole, type Viewer } from '../access/viewer';
import { Clock } from '../clock/clock';
import { nextStage } from '../lifecycle/transitions';
import type { ServiceEntity } from '../services/entities/service.entity';
import { ServicesService } from '../services/services.service';
import type { CreateReviewDto } from './dto/create-review.dto';
import type { ReviewView } from './dto/review.view';
import { ReviewEntity } from './review.entity';

/** Human reviews of promotions to beta and public, by a superadmin (docs/service-registry.md "Roles matrix"). */
@Injectable()
export class ReviewsService {
  constructor(
    @InjectRepository(ReviewEntity) private readonly repo: Repository<ReviewEntity>,
    private readonly services: ServicesService,
    private readonly clock: Clock,
  ) {}

  /**
   * Records a review of the next promotion of the service. 403 unless superadmin; 409
   * `review_not_applicable` when the target is not the stage right after the current one.
   */
  async create(slug: string, dto: CreateReviewDto, viewer: Viewer): Promise<ReviewView> {
    const service = await this.services.findVisible(slug, viewer);
    requireRole(viewer, [ROLES.superadmin], 'review a promotion');
    const next = nextStage(service.marketplace_status);
    const target = dto.target ?? next;
    if (target !== next || (target !== 'beta' && target !== 'public')) {
      throw new ProblemException(
        409,
        'review_not_applicable',
        `${service.slug} is ${service.marketplace_status}; only a review for ${next === 'beta' || next === 'public' ? next : 'no stage (internal -> preview needs none)'} applies.`,
      );
    }
    const row = await this.repo.save(
      this.repo.create({
        service_id: service.id,
        target,
        decision: dto.decision,
        comment: dto.comment ?? null,
        reviewer: viewer.actor,
        created_at: this.clock.now(),
      }),
    );
    return toReviewView(row);
  }

  async list(slug: string, viewer: Viewer): Promise<ReviewView[]> {
    const service = await this.services.findVisible(slug, viewer);
    return (await this.repo.find({ where: { service_id: service.id }, order: { id: 'DESC' } })).map(toReviewView);
  }

  /**
   * The review that decides a promotion of `service` to `target`: the newest one given since the
   * service entered its current stage (reviews of an earlier stay do not count).
   */
  async deciding(service: ServiceEntity, target: 'beta' | 'public'): Promise<ReviewEntity | null> {
    return this.repo.findOne({
      where: { service_id: service.id, target, created_at: MoreThanOrEqual(service.stage_entered_at) },
      order: { id: 'DESC' },
    });
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
