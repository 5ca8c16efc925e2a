import { Injectable } from '@nestjs/common';
import { ProblemException, type MarketplaceGate, type MarketplaceStage } from '@lib/schemas';
import { ChecklistService, type Evaluation } from '../checklist/checklist.service';
import { Clock, HOUR_MS } from '../clock/clock';
import { ReviewsService } from '../reviews/reviews.service';
import type { ServiceEntity } from '../services/entities/service.entity';
import { fullPublicChecklistApplies } from './transitions';

/** Cooldown between entering beta and promotion to public (docs/service-registry.md "beta -> public"). */
export const PUBLIC_COOLDOWN_HOURS = 24;

/** The gates of a one-stage promotion (docs/service-registry.md "Flows"), in order: cooldown, review, checklist. */
@Injectable()
export class PromotionGates {
  constructor(
    private readonly checklist: ChecklistService,
    private readonly reviews: ReviewsService,
    private readonly clock: Clock,
  ) {}

  async check(draft: ServiceEntity, target: MarketplaceStage, actor: string): Promise<Evaluation> {
    const now = this.clock.now();
    if (target === 'public') this.checkCooldown(draft, now);
    if (target === 'beta' || target === 'public') await this.checkReview(draft, target);
    // Cutoff: before 2026-05-01 the beta -> public items were recorded but not mandatory.
    const advisory: MarketplaceGate[] = target === 'public' && !fullPublicChecklistApplies(now) ? ['beta_to_public'] : [];
    const evaluation = await this.checklist.evaluate(draft, target, actor, advisory);
    if (evaluation.failures.length > 0) {
      const n = evaluation.failures.length;
      throw new ProblemException(
        422,
        'checklist_unmet',
        `${n} checklist item${n === 1 ? '' : 's'} up to ${target} ${n === 1 ? 'is' : 'are'} not met.`,
        {
          target,
          failures: evaluation.failures.map((f) => ({ id: f.id, gate: f.gate, title: f.title, detail: f.detail, source: f.source })),
        },
      );
    }
    return evaluation;
  }

  private checkCooldown(service: ServiceEntity, now: Date): void {
    const availableAt = new Date(service.stage_entered_at.getTime() + PUBLIC_COOLDOWN_HOURS * HOUR_MS);
    if (now.getTime() < availableAt.getTime()) {
      throw new ProblemException(
        409,
        'cooldown_active',
        `${service.slug} entered beta at ${service.stage_entered_at.toISOString()}; promotion to public is possible from ${availableAt.toISOString()} (${PUBLIC_COOLDOWN_HOURS} h cooldown).`,
        {
          available_at: availableAt.toISOString(),
          headers: { 'Retry-After': String(Math.ceil((availableAt.getTime() - now.getTime()) / 1000)) },
        },
      );
    }
  }

  private async checkReview(service: ServiceEntity, target: 'beta' | 'public'): Promise<void> {
    const review = await this.reviews.findDeciding(service, target);
    if (!review) {
      throw new ProblemException(
        409,
        'review_required',
        `Promotion of ${service.slug} to ${target} needs an approved review by a superadmin (POST /api/v1/services/${service.slug}/reviews).`,
      );
    }
    if (review.decision !== 'approved') {
      throw new ProblemException(
        409,
        'review_rejected',
        `The latest review of ${service.slug} for ${target} rejected the promotion${review.comment ? `: ${review.comment}` : ''}.`,
        {
          review_id: String(review.id),
        },
      );
    }
  }
}
