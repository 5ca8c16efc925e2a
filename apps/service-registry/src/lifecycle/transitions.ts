import { MARKETPLACE_STAGES, type MarketplaceStage } from '@lib/schemas';

export const stageIndex = (stage: MarketplaceStage): number => MARKETPLACE_STAGES.indexOf(stage);

/** `promotion` is one stage forward, `skip` more than one, `demotion` any earlier stage (docs/service-registry.md "Flows"). */
export type TransitionKind = 'none' | 'promotion' | 'skip' | 'demotion';

export function classifyTransition(from: MarketplaceStage, to: MarketplaceStage): TransitionKind {
  const step = stageIndex(to) - stageIndex(from);
  if (step === 0) return 'none';
  if (step === 1) return 'promotion';
  return step > 1 ? 'skip' : 'demotion';
}

export function nextStage(stage: MarketplaceStage): MarketplaceStage | undefined {
  return MARKETPLACE_STAGES[stageIndex(stage) + 1];
}

/** The cutoff (docs/service-registry.md "beta -> public"): services public before it are grandfathered. */
export const PUBLIC_CUTOFF = new Date('2026-05-01T00:00:00Z');

export const fullPublicChecklistApplies = (at: Date): boolean => at.getTime() > PUBLIC_CUTOFF.getTime();
