import { ApiProperty } from '@nestjs/swagger';
import { REVIEW_DECISIONS } from '../review.entity';

/** A superadmin's review of a promotion. */
export class ReviewView {
  @ApiProperty({ example: '3' }) id!: string;
  @ApiProperty({ enum: ['beta', 'public'] }) target!: string;
  @ApiProperty({ enum: REVIEW_DECISIONS }) decision!: string;
  @ApiProperty({ type: String, nullable: true }) comment!: string | null;
  @ApiProperty({ example: 'user:sa-1' }) reviewer!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

/** `GET /api/v1/services/{slug}/reviews`. */
export class ReviewListView {
  @ApiProperty() slug!: string;
  @ApiProperty({ type: [ReviewView] }) items!: ReviewView[];
}
