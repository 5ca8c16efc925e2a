import { BeforeInsert, BeforeUpdate, Column, Entity, PrimaryGeneratedColumn, VersionColumn } from 'typeorm';
import type { MarketplaceStage } from '@lib/schemas';

/** Technical lifecycle of a service (its frontmatter `status`), separate from the marketplace stage. */
export const TECHNICAL_STATUSES = ['experimental', 'active', 'deprecated'] as const;
export type TechnicalStatus = (typeof TECHNICAL_STATUSES)[number];

export const PRICING_TIERS = ['free', 'metered', 'flat', 'custom'] as const;
export type PricingTier = (typeof PRICING_TIERS)[number];

/** Free-form record metadata; `visibility` mirrors marketplace_status (kept until template v2 of the service frontmatter). */
export interface ServiceMetadata {
  visibility?: MarketplaceStage;
  pricing_summary?: string;
  maintainer?: string;
  [key: string]: unknown;
}

/** A service (docs/service-registry.md "Routes"). Times come from the registry clock, not the database, so tests can move it. */
@Entity('services')
export class ServiceEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'varchar', length: 63, unique: true }) slug!: string;
  @Column({ type: 'varchar', length: 120 }) name!: string;
  @Column({ type: 'varchar', length: 200, nullable: true }) tagline!: string | null;
  @Column({ type: 'text', nullable: true }) description!: string | null;
  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" }) features!: string[];
  @Column({ type: 'varchar', length: 32, default: 'internal' }) marketplace_status!: MarketplaceStage;
  @Column({ type: 'varchar', length: 32, nullable: true }) pricing_tier!: PricingTier | null;
  @Column({ type: 'boolean', default: false }) self_service!: boolean;
  @Column({ type: 'boolean', default: true }) is_active!: boolean;
  @Column({ type: 'varchar', length: 32, default: 'active' }) status!: TechnicalStatus;
  @Column({ type: 'timestamptz', nullable: true }) sunset_at!: Date | null;
  @Column({ type: 'varchar', length: 200, nullable: true }) maintainer!: string | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) repository_url!: string | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) health_url!: string | null;
  @Column({ type: 'int', nullable: true }) port!: number | null;
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" }) metadata!: ServiceMetadata;
  @Column({ type: 'timestamptz' }) stage_entered_at!: Date;
  @Column({ type: 'timestamptz', nullable: true }) public_since!: Date | null;
  /** Public before the 2026-05-01 cutoff: exempt from the full beta -> public checklist in audits. */
  @Column({ type: 'boolean', default: false }) grandfathered!: boolean;
  @Column({ type: 'varchar', length: 64, nullable: true }) audit_badge!: string | null;
  /** End of the 410 grace period after a demotion from beta or public. */
  @Column({ type: 'timestamptz', nullable: true }) gone_until!: Date | null;
  /** The history row of that demotion (explanation page). */
  @Column({ type: 'bigint', nullable: true }) gone_transition_id!: string | null;
  @Column({ type: 'timestamptz' }) created_at!: Date;
  @Column({ type: 'timestamptz' }) updated_at!: Date;
  @VersionColumn() version!: number;

  /** A trigger aligns it too, for raw SQL writes. */
  @BeforeInsert()
  @BeforeUpdate()
  alignVisibility(): void {
    this.metadata = { ...(this.metadata ?? {}), visibility: this.marketplace_status };
  }
}
