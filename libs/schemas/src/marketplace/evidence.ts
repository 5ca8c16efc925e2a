import type { PromotionTarget } from './checklists';

/** not_applicable counts as met (GitLab-style "skipped"). */
export const CHECKLIST_RESULT_STATUSES = ['passed', 'failed', 'not_applicable'] as const;
export type ChecklistResultStatus = (typeof CHECKLIST_RESULT_STATUSES)[number];

export interface ChecklistResult {
  id: string;
  status: ChecklistResultStatus;
  /** What was found, or what is missing and where. */
  detail: string;
}

/** `POST /api/v1/services/{slug}/evidence` from tools/checklist `--post`; `generated_at` ISO 8601 UTC. */
export interface ChecklistEvidenceBody {
  source: 'checklist-cli';
  target: PromotionTarget;
  generated_at: string;
  results: ChecklistResult[];
}
