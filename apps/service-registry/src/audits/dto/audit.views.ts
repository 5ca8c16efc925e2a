import { ApiProperty } from '@nestjs/swagger';
import { MARKETPLACE_GATES } from '@lib/schemas';

/** A failing checklist item of the audit. */
export class AuditFailureView {
  @ApiProperty({ example: 'test_coverage_60' }) id!: string;
  @ApiProperty({ enum: MARKETPLACE_GATES }) gate!: string;
  @ApiProperty() detail!: string;
}

/** The audit of one public service. */
export class AuditEntryView {
  @ApiProperty() slug!: string;
  @ApiProperty() grandfathered!: boolean;
  @ApiProperty() passed!: boolean;
  @ApiProperty({ type: [AuditFailureView] }) failures!: AuditFailureView[];
  @ApiProperty({
    enum: ['none', 'grandfathered', 'would_demote', 'demoted'],
    description: 'none (passed), grandfathered (failed but exempt), would_demote (dry run), demoted (apply)',
  })
  action!: 'none' | 'grandfathered' | 'would_demote' | 'demoted';
}

/** `POST /api/v1/audits/public`. */
export class PublicAuditView {
  @ApiProperty({ format: 'date-time' }) evaluated_at!: string;
  @ApiProperty() apply!: boolean;
  @ApiProperty({ type: [AuditEntryView] }) services!: AuditEntryView[];
}

/** A service in preview for more than 90 days. */
export class StalePreviewView {
  @ApiProperty() slug!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true }) maintainer!: string | null;
  @ApiProperty({ format: 'date-time' }) in_preview_since!: string;
  @ApiProperty() days_in_preview!: number;
}

/** `GET /api/v1/reports/stale-previews`. */
export class StalePreviewsView {
  @ApiProperty({ type: [StalePreviewView] }) items!: StalePreviewView[];
}
