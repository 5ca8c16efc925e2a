import { ApiProperty } from '@nestjs/swagger';
import { Badge } from '../../services/service.view';

/** A card of the marketplace catalog. */
export class CatalogCard {
  @ApiProperty() slug!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true }) tagline!: string | null;
  @ApiProperty({ enum: ['beta', 'public'] }) marketplace_status!: string;
  @ApiProperty({ type: [Badge] }) badges!: Badge[];
  @ApiProperty({ example: '/s/billing/' }) url!: string;
  @ApiProperty({ description: 'Only public services may be indexed by search engines' }) indexable!: boolean;
}

/** `GET /api/v1/catalog`. */
export class CatalogView {
  @ApiProperty({ type: [CatalogCard] }) items!: CatalogCard[];
}
