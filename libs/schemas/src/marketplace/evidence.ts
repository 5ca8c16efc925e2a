import type { PromotionTarget } from './checklists';

/** Outcome of one checklist item; not_applicable counts as met (GitLab-style "skipped"). */
export const CHECKLIST_RESULT_STATUSES = ['passed', 'failed', 'not_applicable'] as const;
export type ChecklistResultStatus = (typeof CHECKLIST_RESULT_STATUSES)[number];

export interface ChecklistResult {
  /** A `ChecklistItem.id`. */
  id: string;
  status: ChecklistResultStatus;
  /** Human-readable reason: what was found, or what is missing and where. */
  detail: string;
}

/**
 * Body of `POST /api/v1/services/{slug}/evidence` sent by tools/checklist (`--post`): the results of
 * the repository-side items up to `target`. `generated_at` is an ISO 8601 UTC timestamp.
 */
export interface ChecklistEvidenceBody {
  source: 'checklist-cli';
  target: PromotionTarget;
  generated_at: string;
  results: ChecklistResult[];
}
