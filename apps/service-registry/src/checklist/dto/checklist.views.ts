import { ApiProperty } from '@nestjs/swagger';
import { CHECKLIST_RESULT_STATUSES, MARKETPLACE_GATES, type ChecklistResultStatus, type MarketplaceGate } from '@lib/schemas';

/** One piece of evidence: a result of the checklist CLI, or an admin's attestation. */
export class EvidenceView {
  @ApiProperty({ example: '12' }) id!: string;
  @ApiProperty({ example: 'context_file' }) item_id!: string;
  @ApiProperty({ enum: ['checklist-cli', 'attestation'] }) source!: string;
  @ApiProperty({ enum: CHECKLIST_RESULT_STATUSES }) status!: string;
  @ApiProperty() detail!: string;
  @ApiProperty({ type: String, nullable: true }) link!: string | null;
  @ApiProperty({ format: 'date-time' }) generated_at!: string;
  @ApiProperty({ example: 'caller:ci' }) submitted_by!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

/** `POST /api/v1/services/{slug}/evidence`: what was stored. */
export class EvidenceAcceptedView {
  @ApiProperty() slug!: string;
  @ApiProperty({ type: [EvidenceView] }) accepted!: EvidenceView[];
}

/** `GET /api/v1/services/{slug}/evidence`. */
export class EvidenceListView {
  @ApiProperty() slug!: string;
  @ApiProperty({ type: [EvidenceView] }) items!: EvidenceView[];
}

/** One evaluated checklist item, as stored and returned. */
export class ChecklistItemView {
  @ApiProperty({ example: 'healthz_ok' }) id!: string;
  @ApiProperty({ enum: MARKETPLACE_GATES }) gate!: MarketplaceGate;
  @ApiProperty() title!: string;
  @ApiProperty({ enum: CHECKLIST_RESULT_STATUSES }) status!: ChecklistResultStatus;
  @ApiProperty() detail!: string;
  @ApiProperty({ example: 'auto' }) source!: string;
  @ApiProperty({ format: 'date-time' }) checked_at!: string;
  @ApiProperty({ example: 'user:admin-1' }) checked_by!: string;
}

/** `GET /api/v1/services/{slug}/checklist`. */
export class ChecklistResultsView {
  @ApiProperty() slug!: string;
  @ApiProperty({ type: [ChecklistItemView] }) items!: ChecklistItemView[];
}

/** `POST /api/v1/services/{slug}/checklist/evaluate`. */
export class ChecklistEvaluationView {
  @ApiProperty() slug!: string;
  @ApiProperty({ enum: ['preview', 'beta', 'public'] }) target!: string;
  @ApiProperty({ description: 'Every item up to the target passed (or does not apply)' }) met!: boolean;
  @ApiProperty({ type: [ChecklistItemView] }) items!: ChecklistItemView[];
}
