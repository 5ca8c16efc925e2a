import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { MarketplaceStage } from '@lib/schemas';

export const DEMOTION_STATES = ['scheduled', 'applied', 'cancelled'] as const;
export type DemotionState = (typeof DEMOTION_STATES)[number];

/**
 * A demotion announced ahead (at least 7 days: docs/service-registry.md "Demotion"). Applied by the scheduler at
 * `effective_at`, or at once by a later PATCH to the same stage once the notice is 7 days old.
 */
@Entity('scheduled_demotions')
export class ScheduledDemotionEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  @Column({ type: 'uuid' }) service_id!: string;
  @Column({ type: 'varchar', length: 63 }) slug!: string;
  @Column({ type: 'varchar', length: 32 }) from_stage!: MarketplaceStage;
  @Column({ type: 'varchar', length: 32 }) to_stage!: MarketplaceStage;
  @Column({ type: 'text' }) reason!: string;
  @Column({ type: 'varchar', length: 200 }) requested_by!: string;
  @Column({ type: 'timestamptz' }) announced_at!: Date;
  @Column({ type: 'timestamptz' }) effective_at!: Date;
  @Column({ type: 'varchar', length: 16, default: 'scheduled' }) state!: DemotionState;
  @Column({ type: 'timestamptz', nullable: true }) settled_at!: Date | null;
  @Column({ type: 'text', nullable: true }) settled_note!: string | null;
}
