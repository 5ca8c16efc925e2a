import { Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { ChecklistResultStatus } from '@lib/schemas';

/** The latest result of one checklist item for one service (one row per item; the items: libs/schemas/src/marketplace/checklists.ts). */
@Entity('checklist_results')
@Unique('uq_checklist_results_service_item', ['service_id', 'item_id'])
export class ChecklistResultEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  @Column({ type: 'uuid' }) service_id!: string;
  @Column({ type: 'varchar', length: 64 }) item_id!: string;
  @Column({ type: 'varchar', length: 32 }) gate!: string;
  @Column({ type: 'varchar', length: 16 }) status!: ChecklistResultStatus;
  @Column({ type: 'text' }) detail!: string;
  /** Where the result came from: auto (registry), ci_report, admin_attestation. */
  @Column({ type: 'varchar', length: 32 }) source!: string;
  @Column({ type: 'timestamptz' }) checked_at!: Date;
  /** Who ran the evaluation (the actor of the promotion or audit). */
  @Column({ type: 'varchar', length: 200 }) checked_by!: string;
}
