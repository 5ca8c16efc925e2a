import type { MarketplaceStage } from '@lib/schemas';
import type { TransitionKind } from '../services/entities/transition.entity';

const day = (d: Date): string => d.toISOString().slice(0, 10);

/** Slack-compatible text of a demotion notice (docs/service-registry.md "Demotion"). */
export function noticeText(
  name: string,
  slug: string,
  from: MarketplaceStage,
  to: MarketplaceStage,
  effectiveAt: Date,
  reason: string,
): string {
  return `Demotion notice: ${name} (${slug}) moves from ${from} to ${to} on ${day(effectiveAt)} (${effectiveAt.toISOString()}). Reason: ${reason}`;
}

const HOW: Partial<Record<TransitionKind, string>> = {
  forced_demotion: ' (forced by a superadmin, without the 7-day notice)',
  sunset: ' (sunset date reached)',
  audit_demotion: ' (public audit)',
  operator_demotion: ' (operator command)',
};

/** Text of an applied demotion. */
export function appliedText(
  name: string,
  slug: string,
  from: MarketplaceStage,
  to: MarketplaceStage,
  kind: TransitionKind,
  reason: string,
): string {
  return `Demotion applied${HOW[kind] ?? ''}: ${name} (${slug}) moved from ${from} to ${to}. Reason: ${reason}`;
}
