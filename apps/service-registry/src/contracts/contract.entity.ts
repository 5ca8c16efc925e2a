import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A customer's contract for a service; inactive after a demotion of the service to internal. */
@Entity('contracts')
export class ContractEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid' }) service_id!: string;
  @Column({ type: 'varchar', length: 200 }) customer!: string;
  @Column({ type: 'boolean', default: true }) is_active!: boolean;
  @Column({ type: 'timestamptz' }) created_at!: Date;
  @Column({ type: 'timestamptz', nullable: true }) deactivated_at!: Date | null;
  @Column({ type: 'text', nullable: true }) deactivation_reason!: string | null;
}

/** Credits held against a contract, CLP whole pesos; released (never deleted) by a release transaction. */
@Entity('credit_holds')
export class CreditHoldEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid' }) contract_id!: string;
  /** CLP whole pesos; bigint, read as a string by the pg driver. */
  @Column({ type: 'bigint' }) amount!: string;
  @Column({ type: 'varchar', length: 16, default: 'held' }) state!: 'held' | 'released';
  @Column({ type: 'varchar', length: 200, nullable: true }) reference!: string | null;
  @Column({ type: 'timestamptz' }) created_at!: Date;
  @Column({ type: 'timestamptz', nullable: true }) released_at!: Date | null;
}

/** Append-only credit movements: `hold` when credits are held, `release` when they are given back. */
@Entity('credit_transactions')
export class CreditTransactionEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  @Column({ type: 'uuid' }) hold_id!: string;
  @Column({ type: 'uuid' }) contract_id!: string;
  @Column({ type: 'varchar', length: 16 }) kind!: 'hold' | 'release';
  @Column({ type: 'bigint' }) amount!: string;
  @Column({ type: 'text', nullable: true }) reason!: string | null;
  @Column({ type: 'varchar', length: 200 }) actor!: string;
  @Column({ type: 'timestamptz' }) created_at!: Date;
}
