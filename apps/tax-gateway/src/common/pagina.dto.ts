import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** `?limit=&offset=` of every list of the gateway (docs/tax-gateway.md "Error values" for the 400s). */
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

/** The page part of every list answer: `items` beside it. */
export class PaginaDto {
  @ApiProperty({ description: 'Items matching the filters, on every page' }) total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}
