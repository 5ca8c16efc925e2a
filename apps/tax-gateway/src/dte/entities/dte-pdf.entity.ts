import type { FormatoPdf } from '@lib/dte';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * The printed representation of an emission, stored once per copy (plain, or CEDIBLE) and form (LETTER `carta`, or
 * 80 mm thermal roll `termica`) and regenerated when missing.
 */
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
