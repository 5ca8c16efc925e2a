import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The printed representation of an emission, stored once per copy (plain, or CEDIBLE) and regenerated when missing. */
@Entity({ name: 'dte_pdf' })
export class DtePdfEntity {
  @PrimaryColumn({ name: 'emision_id', type: 'uuid' })
  emisionId!: string;

  @PrimaryColumn({ type: 'boolean' })
  cedible!: boolean;

  @Column({ type: 'bytea' })
  pdf!: Buffer;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
