import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { REVIEW_DECISIONS, type ReviewDecision } from '../review.entity';

/** Body of POST /api/v1/services/{slug}/reviews (superadmin). */
export class CreateReviewDto {
  @ApiProperty({ enum: REVIEW_DECISIONS })
  @IsIn(REVIEW_DECISIONS)
  decision!: ReviewDecision;

  @ApiPropertyOptional({ enum: ['beta', 'public'], description: 'Defaults to the stage after the current one.' })
  @IsOptional()
  @IsIn(['beta', 'public'])
  target?: 'beta' | 'public';

  @ApiPropertyOptional({ maxLength: 4000 })
  @IsOptional()
  @IsString()
  @MaxLength(4000)
  comment?: string;
}
