import type { FormatoPdf } from '@lib/dte';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Once per copy (plain, CEDIBLE) and form (`carta`, `termica`); regenerated when missing. */
@Entity({ name: 'dte_pdf' })
export class DtePdfEntity {
  @PrimaryColumn({ name: 'emision_id', type: 'uuid' })
  emisionId!: string;

  @PrimaryColumn({ type: 'boolean' })
  cedible!: boolean;

  @PrimaryColumn({ type: 'text' })
  formato!: FormatoPdf;

  @Column({ type: 'bytea' })
  pdf!: Buffer;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
