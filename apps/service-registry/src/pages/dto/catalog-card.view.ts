import { ApiProperty } from '@nestjs/swagger';
import type { ServiceEntity } from '../../services/entities/service.entity';
import { BadgeView, toBadgeViews } from '../../services/service.view';

/** A card of the marketplace catalog. */
export class CatalogCardView {
  @ApiProperty() slug!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true }) tagline!: string | null;
  @ApiProperty({ enum: ['beta', 'public'] }) marketplace_status!: string;
  @ApiProperty({ type: [BadgeView] }) badges!: BadgeView[];
  @ApiProperty({ example: '/s/billing/' }) url!: string;
  @ApiProperty({ description: 'Only public services may be indexed by search engines' }) indexable!: boolean;
}

/** `GET /api/v1/catalog`. */
export class CatalogView {
  @ApiProperty({ type: [CatalogCardView] }) items!: CatalogCardView[];
}

export function toCatalogCardView(s: ServiceEntity): CatalogCardView {
  return {
    slug: s.slug,
    name: s.name,
    tagline: s.tagline,
    marketplace_status: s.marketplace_status,
    badges: toBadgeViews(s),
    url: `/s/${s.slug}/`,
    indexable: s.marketplace_status === 'public',
  };
}
