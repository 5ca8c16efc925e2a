import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ChecklistResultStatus } from '@lib/schemas';

/**
 * Evidence for one checklist item: a result from the checklist CLI (posted by CI) or an admin's
 * attestation with a link. Append-only; the newest row per (service, item) counts.
 */
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
  /** The report's `target` stage (CLI) or null. */
  @Column({ type: 'varchar', length: 32, nullable: true }) target!: string | null;
  /** When the evidence was produced (the report's generated_at; now for attestations). */
  @Column({ type: 'timestamptz' }) generated_at!: Date;
  @Column({ type: 'varchar', length: 200 }) submitted_by!: string;
  @Column({ type: 'varchar', length: 64, nullable: true }) caller!: string | null;
  @Column({ type: 'timestamptz' }) created_at!: Date;
}
