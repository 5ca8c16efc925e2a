import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const ANNOUNCEMENT_STATES = ['pending', 'delivered'] as const;
export type AnnouncementState = (typeof ANNOUNCEMENT_STATES)[number];

/** Outbox of the shared announcement channel, written in the transaction of the change it announces. */
@Entity('announcements')
export class AnnouncementEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  /** demotion_notice, demotion_applied, deprecation, sunset, stale_previews, audit. */
  @Column({ type: 'varchar', length: 32 }) kind!: string;
  /** Set for announcements that must exist once (e.g. `stale-previews:2026-Q4`). */
  @Column({ type: 'varchar', length: 100, nullable: true, unique: true }) dedupe_key!: string | null;
  @Column({ type: 'varchar', length: 63, nullable: true }) slug!: string | null;
  @Column({ type: 'text' }) text!: string;
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" }) payload!: Record<string, unknown>;
  @Column({ type: 'varchar', length: 16, default: 'pending' }) state!: AnnouncementState;
  @Column({ type: 'int', default: 0 }) attempts!: number;
  @Column({ type: 'text', nullable: true }) last_error!: string | null;
  @Column({ type: 'timestamptz' }) next_attempt_at!: Date;
  @Column({ type: 'timestamptz', nullable: true }) delivered_at!: Date | null;
  @Column({ type: 'timestamptz' }) created_at!: Date;
}
