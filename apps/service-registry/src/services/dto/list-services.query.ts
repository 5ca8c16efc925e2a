import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { MARKETPLACE_STAGES, type MarketplaceStage } from '@lib/schemas';

/** GET /api/v1/services/ query: without `status`, internal services are hidden (docs/service-registry.md "Routes"). */
export class ListServicesQuery {
  @ApiPropertyOptional({ enum: MARKETPLACE_STAGES })
  @IsOptional()
  @IsIn(MARKETPLACE_STAGES)
  status?: MarketplaceStage;

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
  offset = 0;
}
