import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { MarketplaceStage } from '@lib/schemas';

export const TRANSITION_KINDS = [
  'created',
  'promotion',
  'demotion',
  'forced_demotion',
  'sunset',
  'audit_demotion',
  'operator_demotion',
] as const;
export type TransitionKind = (typeof TRANSITION_KINDS)[number];

/** Append-only history of marketplace transitions (the service changelog); a trigger forbids UPDATE and DELETE. */
@Entity('service_transitions')
export class ServiceTransitionEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  @Column({ type: 'uuid' }) service_id!: string;
  @Column({ type: 'varchar', length: 63 }) slug!: string;
  @Column({ type: 'varchar', length: 32, nullable: true }) from_stage!: MarketplaceStage | null;
  @Column({ type: 'varchar', length: 32 }) to_stage!: MarketplaceStage;
  @Column({ type: 'varchar', length: 32 }) kind!: TransitionKind;
  /** `user:<sub>`, `caller:<name>` or `scheduler:<job>` / `operator:<name>`. */
  @Column({ type: 'varchar', length: 200 }) actor!: string;
  @Column({ type: 'varchar', length: 64, nullable: true }) caller!: string | null;
  @Column({ type: 'text', nullable: true }) reason!: string | null;
  @Column({ type: 'timestamptz' }) at!: Date;
}
