import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** `?limit=` 1-200 (50) `&offset=` 0-1,000,000 (0), else 400 `validation_failed`; list queries extend it. */
export class PaginaQueryDto {
  @ApiPropertyOptional({ default: 50, minimum: 1, maximum: 200 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit = 50;

  @ApiPropertyOptional({ default: 0, minimum: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  offset = 0;
}

/** The page part of every offset-paginated list answer: `items` beside it. */
export class PaginaView {
  @ApiProperty({ description: 'Items matching the filters, on every page' }) total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}
