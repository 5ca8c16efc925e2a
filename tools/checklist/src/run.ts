import {
  checklistItemsUpTo,
  type ChecklistEvidenceBody,
  type ChecklistResult,
  type MarketplaceGate,
  type PromotionTarget,
} from '@lib/schemas';
import { REPOSITORY_CHECKS } from './checks';
import type { CheckContext } from './context';

export interface ReportedResult extends ChecklistResult {
  gate: MarketplaceGate;
  title: string;
}

/** --json-out (tools/checklist/README.md); registry_items are the gates' items the registry evaluates itself. */
export interface ChecklistReport {
  source: 'checklist-cli';
  slug: string;
  target: PromotionTarget;
  generated_at: string;
  passed: boolean;
  summary: { passed: number; failed: number; not_applicable: number };
  results: ReportedResult[];
  registry_items: string[];
}

/** Cumulative gates (docs/spec/2-service-registry.md); a check that throws is reported failed, never aborts the run. */
export function runChecklist(ctx: CheckContext & { target: PromotionTarget }, now = new Date()): ChecklistReport {
  const items = checklistItemsUpTo(ctx.target);
  const results: ReportedResult[] = items
    .filter((item) => item.check === 'repository')
    .map((item) => {
      const check = REPOSITORY_CHECKS[item.id];
      let outcome;
      try {
        outcome = check ? check(ctx) : { status: 'failed' as const, detail: 'no check implemented for this item' };
      } catch (err) {
        outcome = { status: 'failed' as const, detail: `check crashed: ${(err as Error).message}` };
      }
      return { id: item.id, gate: item.gate, title: item.title, ...outcome };
    });
  const count = (status: ChecklistResult['status']) => results.filter((r) => r.status === status).length;
  return {
    source: 'checklist-cli',
    slug: ctx.slug,
    target: ctx.target,
    generated_at: now.toISOString(),
    passed: count('failed') === 0,
    summary: { passed: count('passed'), failed: count('failed'), not_applicable: count('not_applicable') },
    results,
    registry_items: items.filter((item) => item.check !== 'repository').map((item) => item.id),
  };
}

/** `POST /api/v1/services/{slug}/evidence`. */
export function evidenceBody(report: ChecklistReport): ChecklistEvidenceBody {
  return {
    source: 'checklist-cli',
    target: report.target,
    generated_at: report.generated_at,
    results: report.results.map(({ id, status, detail }) => ({ id, status, detail })),
  };
}
