import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A refresh that reached the provider and its outcome (`ok` or the problem's error value). */
@Entity({ name: 'banco_refresh' })
export class BancoRefreshEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'varchar', length: 10 })
  tenant!: string;

  @Column({ type: 'varchar', length: 32 })
  provider!: string;

  @Column({ name: 'refreshed_at', type: 'timestamptz' })
  refreshedAt!: Date;

  /** YYYY-MM-DD (America/Santiago). */
  @Column({ type: 'date' })
  desde!: string;

  @Column({ type: 'date' })
  hasta!: string;

  /** CLP accounts read; null when the refresh failed. */
  @Column({ type: 'int', nullable: true })
  cuentas!: number | null;

  @Column({ type: 'int' })
  nuevos!: number;

  @Column({ type: 'int' })
  conocidos!: number;

  /** `ok`, or the error value of the failure (`banco_unavailable`, `banco_timeout`, `banco_error`). */
  @Column({ type: 'varchar', length: 32 })
  outcome!: string;

  /** The failure's detail (no secrets). */
  @Column({ type: 'text', nullable: true })
  error!: string | null;
}
