import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One audit record: who did what to which entity, when, with which input (append-only table). */
@Entity({ name: 'auditoria' })
export class Auditoria {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'empresa_id', type: 'uuid', nullable: true })
  empresaId!: string | null;

  @Column({ type: 'varchar', length: 64 })
  caller!: string;

  @Column({ type: 'varchar', length: 64 })
  accion!: string;

  @Column({ type: 'varchar', length: 32 })
  entidad!: string;

  @Column({ name: 'entidad_id', type: 'varchar', length: 64, nullable: true })
  entidadId!: string | null;

  /** `ok`, or the problem's `error` value when the operation was refused. */
  @Column({ type: 'varchar', length: 64, default: 'ok' })
  resultado!: string;

  @Column({ name: 'input_sha256', type: 'char', length: 64 })
  inputSha256!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at!: Date;
}
