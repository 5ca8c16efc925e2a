import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import type { MarketplaceStage } from '@lib/schemas';
import { ServiceTransitionEntity, type TransitionKind } from './entities/transition.entity';
import type { TransitionView } from './service.view';

export interface TransitionInput {
  serviceId: string;
  slug: string;
  from: MarketplaceStage | null;
  to: MarketplaceStage;
  kind: TransitionKind;
  actor: string;
  caller?: string | null;
  reason?: string | null;
  at: Date;
}

/** The append-only history of transitions (the reason goes to the changelog: docs/service-registry.md "Demotion"). */
@Injectable()
export class HistoryService {
  constructor(@InjectRepository(ServiceTransitionEntity) private readonly repo: Repository<ServiceTransitionEntity>) {}

  /** Appends one transition inside the caller's transaction. */
  async record(manager: EntityManager, t: TransitionInput): Promise<ServiceTransitionEntity> {
    return manager.save(
      manager.create(ServiceTransitionEntity, {
        service_id: t.serviceId,
        slug: t.slug,
        from_stage: t.from,
        to_stage: t.to,
        kind: t.kind,
        actor: t.actor,
        caller: t.caller ?? null,
        reason: t.reason ?? null,
        at: t.at,
      }),
    );
  }

  /** Oldest first. */
  async list(serviceId: string): Promise<TransitionView[]> {
    const rows = await this.repo.find({ where: { service_id: serviceId }, order: { id: 'ASC' } });
    return rows.map(toTransitionView);
  }

  async get(id: string): Promise<ServiceTransitionEntity | null> {
    return this.repo.findOne({ where: { id } });
  }
}

export function toTransitionView(t: ServiceTransitionEntity): TransitionView {
  return {
    id: String(t.id),
    from: t.from_stage,
    to: t.to_stage,
    kind: t.kind,
    actor: t.actor,
    caller: t.caller,
    reason: t.reason,
    at: new Date(t.at).toISOString(),
  };
}
