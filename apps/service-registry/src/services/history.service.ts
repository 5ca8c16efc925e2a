import { Injectable } from '@nestjs/common';
import type { MarketplaceStage } from '@lib/schemas';
import type { Tx } from '../database/tx';
import type { ServiceTransitionEntity, TransitionKind } from './entities/transition.entity';
import type { TransitionView } from './service.view';
import { ServicesStore } from './services.store';

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
  constructor(private readonly store: ServicesStore) {}

  record(tx: Tx, t: TransitionInput): Promise<ServiceTransitionEntity> {
    return this.store.insertTransition(tx, {
      service_id: t.serviceId,
      slug: t.slug,
      from_stage: t.from,
      to_stage: t.to,
      kind: t.kind,
      actor: t.actor,
      caller: t.caller ?? null,
      reason: t.reason ?? null,
      at: t.at,
    });
  }

  /** Oldest first. */
  async list(serviceId: string): Promise<TransitionView[]> {
    return (await this.store.listTransitions(serviceId)).map(toTransitionView);
  }

  get(id: string): Promise<ServiceTransitionEntity | null> {
    return this.store.findTransition(id);
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
