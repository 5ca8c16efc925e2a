import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const TIPOS_CUENTA = ['activo', 'pasivo', 'patrimonio', 'ingreso', 'gasto'] as const;
export type TipoCuenta = (typeof TIPOS_CUENTA)[number];

/**
 * Roles of the accounts that automatic bookings and reports look up (so users may rename them).
 * An account with a role keeps its postings and never gets sub-accounts.
 */
export const ROLES_CUENTA = [
  'caja',
  'banco',
  'clientes',
  'iva_credito',
  'proveedores',
  'iva_debito',
  'retenciones',
  'capital',
  'resultados_acumulados',
  'ventas',
  'otros_ingresos',
  'compras',
  'gastos_admin',
] as const;
export type RolCuenta = (typeof ROLES_CUENTA)[number];

/** Chart of accounts depth limit (spec: 5 levels). */
export const MAX_NIVEL = 5;

/** One account of an empresa's chart (PlanCuenta). Codes are dotted, one segment per level. */
@Entity({ name: 'cuenta' })
export class Cuenta {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'empresa_id', type: 'uuid' })
  empresaId!: string;

  @Column({ type: 'varchar', length: 40 })
  codigo!: string;

  @Column({ type: 'varchar', length: 120 })
  nombre!: string;

  @Column({ type: 'varchar', length: 12 })
  tipo!: TipoCuenta;

  /** 1 (group) .. 5. */
  @Column({ type: 'smallint' })
  nivel!: number;

  /** Takes postings: true exactly for leaves. */
  @Column({ type: 'boolean' })
  imputable!: boolean;

  @Column({ name: 'parent_id', type: 'uuid', nullable: true })
  parentId!: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  rol!: RolCuenta | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
