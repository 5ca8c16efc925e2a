import { MARKETPLACE_STAGES, type MarketplaceStage } from '@lib/schemas';

/** Position of a stage in the order internal < preview < beta < public. */
export const stageIndex = (stage: MarketplaceStage): number => MARKETPLACE_STAGES.indexOf(stage);

/**
 * What a requested stage change is (docs/service-registry.md "Flows"):
 * - `none`: same stage;
 * - `promotion`: exactly one stage forward (gated);
 * - `skip`: more than one stage forward (rejected, 409 `stage_skipped`);
 * - `demotion`: any earlier stage, public straight to internal included (demotion rules apply).
 */
export type TransitionKind = 'none' | 'promotion' | 'skip' | 'demotion';

export function classifyTransition(from: MarketplaceStage, to: MarketplaceStage): TransitionKind {
  const step = stageIndex(to) - stageIndex(from);
  if (step === 0) return 'none';
  if (step === 1) return 'promotion';
  return step > 1 ? 'skip' : 'demotion';
}

/** The stage right after `stage`, undefined for public. */
export function nextStage(stage: MarketplaceStage): MarketplaceStage | undefined {
  return MARKETPLACE_STAGES[stageIndex(stage) + 1];
}

/**
 * The cutoff (docs/service-registry.md "beta -> public"): a service promoted to public after this instant must pass the full beta ->
 * public checklist; services public before it are grandfathered.
 */
export const PUBLIC_CUTOFF = new Date('2026-05-01T00:00:00Z');

/** True when a promotion to public at `at` falls under the full beta -> public checklist. */
export const fullPublicChecklistApplies = (at: Date): boolean => at.getTime() > PUBLIC_CUTOFF.getTime();
