import type { MarketplaceStage } from '@lib/schemas';
import type { ServiceEntity, ServiceMetadata } from './entities/service.entity';

/** A badge shown on the card and the detail page (spec 2: Beta; Deprecated with the sunset date). */
export interface Badge {
  kind: 'beta' | 'deprecated' | 'audit';
  label: string;
  sunset_at?: string;
}

/** The JSON shape of a service in every answer. */
export interface ServiceView {
  id: string;
  slug: string;
  name: string;
  tagline: string | null;
  description: string | null;
  features: string[];
  marketplace_status: MarketplaceStage;
  pricing_tier: string | null;
  self_service: boolean;
  is_active: boolean;
  status: string;
  sunset_at: string | null;
  maintainer: string | null;
  repository_url: string | null;
  health_url: string | null;
  port: number | null;
  metadata: ServiceMetadata;
  stage_entered_at: string;
  public_since: string | null;
  grandfathered: boolean;
  audit_badge: string | null;
  badges: Badge[];
  created_at: string;
  updated_at: string;
  version: number;
}

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

/** Calendar date (UTC) of a sunset, as shown in badges: `2026-12-31`. */
export const sunsetDate = (d: Date): string => new Date(d).toISOString().slice(0, 10);

/** Badges of a service: Beta at stage beta; Deprecated (with sunset date) when its status is deprecated; audit. */
export function badgesOf(service: ServiceEntity): Badge[] {
  const badges: Badge[] = [];
  if (service.marketplace_status === 'beta') badges.push({ kind: 'beta', label: 'Beta' });
  if (service.status === 'deprecated') {
    const sunset = service.sunset_at ? sunsetDate(service.sunset_at) : undefined;
    badges.push({
      kind: 'deprecated',
      label: sunset ? `Deprecated - sunset ${sunset}` : 'Deprecated',
      ...(service.sunset_at ? { sunset_at: iso(service.sunset_at) as string } : {}),
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
    sunset_at: iso(s.sunset_at),
    maintainer: s.maintainer,
    repository_url: s.repository_url,
    health_url: s.health_url,
    port: s.port,
    metadata: s.metadata ?? {},
    stage_entered_at: iso(s.stage_entered_at) as string,
    public_since: iso(s.public_since),
    grandfathered: s.grandfathered,
    audit_badge: s.audit_badge,
    badges: badgesOf(s),
    created_at: iso(s.created_at) as string,
    updated_at: iso(s.updated_at) as string,
    version: s.version,
  };
}
