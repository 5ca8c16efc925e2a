import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A slot reserved for a future product (docs/service-registry.md "Reserved slots"): a platform port, a canonical path
 * and existing brand tokens, with no service row until the slot is released.
 */
@Entity('reserved_slots')
export class ReservedSlotEntity {
  @PrimaryColumn({ type: 'varchar', length: 63 }) slug!: string;
  @Column({ type: 'int', unique: true }) port!: number;
  @Column({ type: 'varchar', length: 200 }) canonical_path!: string;
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" }) brand_tokens!: Record<string, unknown>;
  @Column({ type: 'varchar', length: 200 }) reserved_by!: string;
  @Column({ type: 'timestamptz' }) created_at!: Date;
}
