import { Column, CreateDateColumn, UpdateDateColumn } from 'typeorm';

/**
 * Who asked for a piece of work kept in a table (the caller key's name), the problem that ended it (error, status, detail and
 * members), and when it was created and last changed; each entity's table has these columns (TypeORM concrete table inheritance).
 */
export abstract class SolicitudColumns {
  @Column({ type: 'jsonb', nullable: true })
  error!: Record<string, unknown> | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  caller!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
