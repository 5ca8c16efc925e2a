import type { INestApplicationContext } from '@nestjs/common';
import type { MarketplaceStage } from '@lib/schemas';
import type { DeactivationView } from '../contracts/dto/contract.view';
import { ServicesStore } from '../services/services.store';
import { DemotionService } from './demotion.service';

export interface OperatorDemotionResult {
  slug: string;
  from: MarketplaceStage;
  to: 'internal';
  /** False for a service already internal (no transition recorded). */
  transitioned: boolean;
  deactivation: DeactivationView;
}

/** docs/service-registry.md "Operator command: demote to internal now"; immediate by design. Throws for an unknown slug. */
export async function demoteToInternalNow(
  app: INestApplicationContext,
  slug: string,
  opts: { reason: string; operator: string },
): Promise<OperatorDemotionResult> {
  const demotions = app.get(DemotionService);
  const actor = `operator:${opts.operator}`;
  const services = app.get(ServicesStore);
  return services.transaction(async (tx) => {
    const service = await services.lockBySlug(tx, slug);
    if (!service) throw new Error(`no service with slug ${slug}`);
    const from = service.marketplace_status;
    if (from === 'internal') {
      const deactivation = await demotions.deactivateInternal(tx, service, { actor, reason: opts.reason });
      return { slug, from, to: 'internal', transitioned: false, deactivation };
    }
    const outcome = await demotions.apply(tx, service, 'internal', { kind: 'operator_demotion', actor, reason: opts.reason });
    return { slug, from, to: 'internal', transitioned: true, deactivation: outcome.deactivation as DeactivationView };
  });
}
