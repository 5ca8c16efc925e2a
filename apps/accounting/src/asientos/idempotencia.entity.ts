import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A stored answer to a request that carried an `Idempotency-Key` (scoped per caller). */
@Entity({ name: 'idempotencia' })
export class Idempotencia {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  caller!: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  clave!: string;

  @Column({ type: 'varchar', length: 64 })
  operacion!: string;

  @Column({ name: 'request_sha256', type: 'char', length: 64 })
  requestSha256!: string;

  @Column({ type: 'smallint', nullable: true })
  status!: number | null;

  @Column({ type: 'jsonb', nullable: true })
  respuesta!: unknown;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
