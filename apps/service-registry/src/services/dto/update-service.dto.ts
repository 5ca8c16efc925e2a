import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsString, Length, Min } from 'class-validator';
import { IsAbsentOr, MARKETPLACE_STAGES, type MarketplaceStage } from '@lib/schemas';
import { ServiceFieldsDto } from './service-fields.dto';

/** PATCH /api/v1/services/{slug}: field changes and/or a stage change, applied together or not at all. */
export class UpdateServiceDto extends ServiceFieldsDto {
  @ApiPropertyOptional({ example: 'Billing', maxLength: 120 })
  @IsAbsentOr()
  @IsString()
  @Length(1, 120)
  name?: string;

  @ApiPropertyOptional({ enum: MARKETPLACE_STAGES, description: 'One stage forward (gated) or any earlier stage (demotion).' })
  @IsAbsentOr()
  @IsIn(MARKETPLACE_STAGES)
  marketplace_status?: MarketplaceStage;

  @ApiPropertyOptional({ description: 'Required for a demotion: recorded in the history (the changelog).', maxLength: 2000 })
  @IsAbsentOr()
  @IsString()
  @Length(3, 2000)
  reason?: string;

  @ApiPropertyOptional({ description: 'Superadmin only: apply a demotion now, without the 7-day notice (recorded as forced).' })
  @IsAbsentOr()
  @IsBoolean()
  force?: boolean;

  @ApiPropertyOptional({ description: 'Optimistic lock: the version last read; 409 version_conflict when it changed.' })
  @IsAbsentOr()
  @IsInt()
  @Min(1)
  version?: number;
}
