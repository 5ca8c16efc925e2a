import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { MARKETPLACE_STAGES, PaginaQueryDto, type MarketplaceStage } from '@lib/schemas';

/** GET /api/v1/services/ query: without `status`, internal services are hidden (docs/service-registry.md "Routes"). */
export class ListServicesQueryDto extends PaginaQueryDto {
  @ApiPropertyOptional({ enum: MARKETPLACE_STAGES })
  @IsOptional()
  @IsIn(MARKETPLACE_STAGES)
  status?: MarketplaceStage;
}
