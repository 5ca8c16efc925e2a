import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const REVIEW_DECISIONS = ['approved', 'rejected'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** A superadmin's human review of a promotion to beta or public (docs/service-registry.md "Flows"). */
@Entity('service_reviews')
export class ReviewEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  @Column({ type: 'uuid' }) service_id!: string;
  /** The stage the review is about: beta or public. */
  @Column({ type: 'varchar', length: 32 }) target!: 'beta' | 'public';
  @Column({ type: 'varchar', length: 16 }) decision!: ReviewDecision;
  @Column({ type: 'text', nullable: true }) comment!: string | null;
  @Column({ type: 'varchar', length: 200 }) reviewer!: string;
  @Column({ type: 'timestamptz' }) created_at!: Date;
}
