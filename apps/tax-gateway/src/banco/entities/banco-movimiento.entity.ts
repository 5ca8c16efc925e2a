import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One bank movement of a tenant as the provider reported it (docs/tax-gateway.md "Bank movements"): stored once per
 * (tenant, provider, provider_id), never updated. Amounts in whole CLP, negative for debits.
 */
@Entity({ name: 'banco_movimiento' })
export class BancoMovimientoEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'varchar', length: 10 })
  tenant!: string;

  /** Which provider (`fintoc`). */
  @Column({ type: 'varchar', length: 32 })
  provider!: string;

  /** The provider's id of the movement. */
  @Column({ name: 'provider_id', type: 'varchar', length: 128 })
  providerId!: string;

  /** The provider's id of the account. */
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

  /** The movement as the provider sent it. */
  @Column({ type: 'jsonb' })
  raw!: Record<string, unknown>;

  /** When a refresh first stored it. */
  @Column({ name: 'first_seen_at', type: 'timestamptz' })
  firstSeenAt!: Date;
}
