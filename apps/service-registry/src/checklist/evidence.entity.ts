import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ChecklistResultStatus } from '@lib/schemas';

/** A checklist CLI result or an admin's attestation; append-only, the newest per (service, item) counts. */
@Entity('checklist_evidence')
export class ChecklistEvidenceEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  @Column({ type: 'uuid' }) service_id!: string;
  @Column({ type: 'varchar', length: 64 }) item_id!: string;
  /** `checklist-cli` or `attestation`. */
  @Column({ type: 'varchar', length: 32 }) source!: string;
  @Column({ type: 'varchar', length: 16 }) status!: ChecklistResultStatus;
  @Column({ type: 'text' }) detail!: string;
  @Column({ type: 'varchar', length: 1000, nullable: true }) link!: string | null;
  @Column({ type: 'varchar', length: 32, nullable: true }) target!: string | null;
  /** Now for attestations. */
  @Column({ type: 'timestamptz' }) generated_at!: Date;
  @Column({ type: 'varchar', length: 200 }) submitted_by!: string;
  @Column({ type: 'varchar', length: 64, nullable: true }) caller!: string | null;
  @Column({ type: 'timestamptz' }) created_at!: Date;
}
