import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, IsString, IsUrl, Length, MaxLength } from 'class-validator';
import {
  ArrayOfObjects,
  CHECKLIST_RESULT_STATUSES,
  type ChecklistEvidenceBody,
  type ChecklistResultStatus,
  type PromotionTarget,
} from '@lib/schemas';

export class EvidenceResultDto {
  @ApiProperty({ example: 'context_file' })
  @IsString()
  @Length(1, 64)
  id!: string;

  @ApiProperty({ enum: CHECKLIST_RESULT_STATUSES })
  @IsIn(CHECKLIST_RESULT_STATUSES)
  status!: ChecklistResultStatus;

  @ApiProperty({ example: 'docs/CONTEXT.md has port, secret key names, gotchas, owner' })
  @IsString()
  @MaxLength(2000)
  detail!: string;
}

/** Body of POST /api/v1/services/{slug}/evidence: the checklist CLI report (libs/schemas ChecklistEvidenceBody). */
export class ChecklistReportDto implements ChecklistEvidenceBody {
  @ApiProperty({ enum: ['checklist-cli'] })
  @IsIn(['checklist-cli'])
  source!: 'checklist-cli';

  @ApiProperty({ enum: ['preview', 'beta', 'public'] })
  @IsIn(['preview', 'beta', 'public'])
  target!: PromotionTarget;

  @ApiProperty({ type: [EvidenceResultDto] })
  @ArrayOfObjects(() => EvidenceResultDto, { min: 1, max: 100 })
  results!: EvidenceResultDto[];

  @ApiProperty({ example: '2026-11-20T12:00:00Z' })
  @IsISO8601({ strict: true })
  generated_at!: string;
}

/** Body of POST /api/v1/services/{slug}/attestations: an admin vouches for a human fact, with a link. */
export class AttestationDto {
  @ApiProperty({ example: 'idp_preview_group' })
  @IsString()
  @Length(1, 64)
  item_id!: string;

  @ApiPropertyOptional({ enum: CHECKLIST_RESULT_STATUSES, default: 'passed' })
  @IsOptional()
  @IsIn(CHECKLIST_RESULT_STATUSES)
  status?: ChecklistResultStatus;

  @ApiProperty({ example: 'https://idp.example.com/groups/billing-preview', description: 'Where the fact can be checked.' })
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false })
  @MaxLength(1000)
  link!: string;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  detail?: string;
}
