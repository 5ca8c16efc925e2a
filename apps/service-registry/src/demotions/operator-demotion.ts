import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { MarketplaceStage } from '@lib/schemas';
import type { DeactivationSummary } from '../contracts/dto/contract.view';
import { ServiceEntity } from '../services/entities/service.entity';
import { DemotionService } from './demotion.service';

export interface OperatorDemotionResult {
  slug: string;
  from: MarketplaceStage;
  to: 'internal';
  /** True when the service was above internal (a transition was recorded). */
  transitioned: boolean;
  deactivation: DeactivationSummary;
}

/**
 * The operator command behind "demotion to internal" (docs/service-registry.md "Operator command: demote to internal now"): in one
 * transaction, the service goes to internal with is_active false, its active contracts become
 * inactive and its held credits are released by release transactions. Immediate by design: the
 * operator runs it once the notice period is over (or to clean up a service already internal).
 * @throws Error when no service has the slug.
 */
export async function demoteToInternalNow(
  app: INestApplicationContext,
  slug: string,
  opts: { reason: string; operator: string },
): Promise<OperatorDemotionResult> {
  const demotions = app.get(DemotionService);
  const actor = `operator:${opts.operator}`;
  return app.get(DataSource).transaction(async (manager) => {
    const service = await manager.findOne(ServiceEntity, { where: { slug }, lock: { mode: 'pessimistic_write' } });
    if (!service) throw new Error(`no service with slug ${slug}`);
    const from = service.marketplace_status;
    if (from === 'internal') {
      const deactivation = await demotions.deactivateInternal(manager, service, { actor, reason: opts.reason });
      return { slug, from, to: 'internal', transitioned: false, deactivation };
    }
    const outcome = await demotions.apply(manager, service, 'internal', { kind: 'operator_demotion', actor, reason: opts.reason });
    return { slug, from, to: 'internal', transitioned: true, deactivation: outcome.deactivation as DeactivationSummary };
  });
}
