import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'portal_visita' })
export class PortalVisitaEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 10 })
  rut!: string;

  /** What was visited: `carpeta:<proposito>`. */
  @Column({ type: 'varchar', length: 32 })
  tipo!: string;

  /** YYYY-MM-DD in America/Santiago. */
  @Column({ type: 'date' })
  dia!: string;

  @Column({ type: 'varchar', length: 10 })
  estado!: 'en_curso' | 'ok' | 'fallida';

  @Column({ type: 'jsonb', nullable: true })
  resultado!: unknown;

  @Column({ type: 'bytea', nullable: true })
  pdf!: Buffer | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ type: 'varchar', length: 10 })
  tenant!: string;

  /** When the visit read the page (the answer's `scraped_at`). */
  @Column({ name: 'visitada_at', type: 'timestamptz', nullable: true })
  visitadaAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
