import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MARKETPLACE_STAGES, PaginaView, type MarketplaceStage } from '@lib/schemas';
import { isoOrNull } from '../clock/clock';
import { PRICING_TIERS, TECHNICAL_STATUSES, type ServiceEntity, type ServiceMetadata } from './entities/service.entity';
import type { TransitionKind } from './entities/transition.entity';
import { TRANSITION_KINDS } from './entities/transition.entity';

/** A badge shown on the card and the detail page: Beta; Deprecated with the sunset date; Demoted by audit. */
export class BadgeView {
  @ApiProperty({ enum: ['beta', 'deprecated', 'audit'] })
  kind!: 'beta' | 'deprecated' | 'audit';

  @ApiProperty({ example: 'Deprecated - sunset 2027-03-31' })
  label!: string;

  @ApiPropertyOptional({ format: 'date-time' })
  sunset_at?: string;
}

export class ServiceView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'billing' }) slug!: string;
  @ApiProperty({ example: 'Billing' }) name!: string;
  @ApiProperty({ type: String, nullable: true }) tagline!: string | null;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ type: [String] }) features!: string[];
  @ApiProperty({ enum: MARKETPLACE_STAGES }) marketplace_status!: MarketplaceStage;
  @ApiProperty({ enum: PRICING_TIERS, nullable: true }) pricing_tier!: string | null;
  @ApiProperty() self_service!: boolean;
  @ApiProperty() is_active!: boolean;
  @ApiProperty({ enum: TECHNICAL_STATUSES }) status!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) sunset_at!: string | null;
  @ApiProperty({ type: String, nullable: true }) maintainer!: string | null;
  @ApiProperty({ type: String, nullable: true }) repository_url!: string | null;
  @ApiProperty({ type: String, nullable: true }) health_url!: string | null;
  @ApiProperty({ type: Number, nullable: true }) port!: number | null;
  @ApiProperty({ type: 'object', additionalProperties: true, example: { visibility: 'internal', pricing_summary: 'From 10 000 CLP' } })
  metadata!: ServiceMetadata;
  @ApiProperty({ format: 'date-time' }) stage_entered_at!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) public_since!: string | null;
  @ApiProperty({ description: 'Public before the 2026-05-01 cutoff: held to the first two gates only' }) grandfathered!: boolean;
  @ApiProperty({ type: String, nullable: true, example: 'audit_failed' }) audit_badge!: string | null;
  @ApiProperty({ type: [BadgeView] }) badges!: BadgeView[];
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiProperty({ description: 'Optimistic lock: send it back in a PATCH to refuse concurrent changes' }) version!: number;
}

export class ServicePageView extends PaginaView {
  @ApiProperty({ type: [ServiceView] }) items!: ServiceView[];
}

export class TransitionView {
  @ApiProperty({ example: '42' }) id!: string;
  @ApiProperty({ enum: MARKETPLACE_STAGES, nullable: true }) from!: MarketplaceStage | null;
  @ApiProperty({ enum: MARKETPLACE_STAGES }) to!: MarketplaceStage;
  @ApiProperty({ enum: TRANSITION_KINDS }) kind!: TransitionKind;
  @ApiProperty({ example: 'user:sa-1' }) actor!: string;
  @ApiProperty({ type: String, nullable: true }) caller!: string | null;
  @ApiProperty({ type: String, nullable: true }) reason!: string | null;
  @ApiProperty({ format: 'date-time' }) at!: string;
}

export class ServiceHistoryView {
  @ApiProperty() slug!: string;
  @ApiProperty({ type: [TransitionView] }) items!: TransitionView[];
}

export const sunsetDate = (d: Date): string => new Date(d).toISOString().slice(0, 10);

export function toBadgeViews(service: ServiceEntity): BadgeView[] {
  const badges: BadgeView[] = [];
  if (service.marketplace_status === 'beta') badges.push({ kind: 'beta', label: 'Beta' });
  if (service.status === 'deprecated') {
    const sunset = service.sunset_at ? sunsetDate(service.sunset_at) : undefined;
    badges.push({
      kind: 'deprecated',
      label: sunset ? `Deprecated - sunset ${sunset}` : 'Deprecated',
      ...(service.sunset_at ? { sunset_at: isoOrNull(service.sunset_at) as string } : {}),
    });
  }
  if (service.audit_badge) badges.push({ kind: 'audit', label: 'Demoted by audit' });
  return badges;
}

export function toServiceView(s: ServiceEntity): ServiceView {
  return {
    id: s.id,
    slug: s.slug,
    name: s.name,
    tagline: s.tagline,
    description: s.description,
    features: s.features ?? [],
    marketplace_status: s.marketplace_status,
    pricing_tier: s.pricing_tier,
    self_service: s.self_service,
    is_active: s.is_active,
    status: s.status,
    sunset_at: isoOrNull(s.sunset_at),
    maintainer: s.maintainer,
    repository_url: s.repository_url,
    health_url: s.health_url,
    port: s.port,
    metadata: s.metadata ?? {},
    stage_entered_at: isoOrNull(s.stage_entered_at) as string,
    public_since: isoOrNull(s.public_since),
    grandfathered: s.grandfathered,
    audit_badge: s.audit_badge,
    badges: toBadgeViews(s),
    created_at: isoOrNull(s.created_at) as string,
    updated_at: isoOrNull(s.updated_at) as string,
    version: s.version,
  };
}
