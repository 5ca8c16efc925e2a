import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Tax regimes an empresa can keep its books under (LIR art. 14 after Ley 21.210). */
export const REGIMENES = ['pro_pyme_14d3', 'pro_pyme_14d8', 'general_14a'] as const;
export type Regimen = (typeof REGIMENES)[number];

/**
 * A company whose books we keep. Created only from the tax gateway's canonical taxpayer data
 * (normalized RUT and legal name), never from what the caller typed.
 */
@Entity({ name: 'empresa' })
export class Empresa {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Canonical RUT `12345678-K` (unique). */
  @Column({ type: 'varchar', length: 10 })
  rut!: string;

  @Column({ name: 'razon_social', type: 'varchar', length: 200 })
  razonSocial!: string;

  @Column({ type: 'varchar', length: 32 })
  regimen!: Regimen;

  /** The gateway's answer at onboarding, kept as received. */
  @Column({ name: 'datos_contribuyente', type: 'jsonb' })
  datosContribuyente!: Record<string, unknown>;

  /** Last correlative entry number used (the entry counter; row-locked while posting). */
  @Column({ name: 'ultimo_numero_asiento', type: 'integer', default: 0 })
  ultimoNumeroAsiento!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'created_by', type: 'varchar', length: 64 })
  createdBy!: string;
}
