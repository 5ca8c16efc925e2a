import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Stored once per (tenant, provider, provider_id), never updated (docs/tax-gateway.md "Bank movements"). */
@Entity({ name: 'banco_movimiento' })
export class BancoMovimientoEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'varchar', length: 10 })
  tenant!: string;

  @Column({ type: 'varchar', length: 32 })
  provider!: string;

  @Column({ name: 'provider_id', type: 'varchar', length: 128 })
  providerId!: string;

  @Column({ name: 'account_id', type: 'varchar', length: 128 })
  accountId!: string;

  /** Whole CLP, negative for debits (bigint: read back as a string by the driver). */
  @Column({ type: 'bigint' })
  amount!: string;

  @Column({ type: 'varchar', length: 3 })
  currency!: string;

  /** YYYY-MM-DD (America/Santiago). */
  @Column({ name: 'post_date', type: 'date' })
  postDate!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'varchar', length: 32 })
  type!: string;

  @Column({ name: 'reference_id', type: 'varchar', length: 128, nullable: true })
  referenceId!: string | null;

  @Column({ name: 'counterpart_rut', type: 'varchar', length: 10, nullable: true })
  counterpartRut!: string | null;

  @Column({ name: 'counterpart_name', type: 'text', nullable: true })
  counterpartName!: string | null;

  @Column({ name: 'counterpart_institution', type: 'text', nullable: true })
  counterpartInstitution!: string | null;

  @Column({ type: 'jsonb' })
  raw!: Record<string, unknown>;

  @Column({ name: 'first_seen_at', type: 'timestamptz' })
  firstSeenAt!: Date;
}
