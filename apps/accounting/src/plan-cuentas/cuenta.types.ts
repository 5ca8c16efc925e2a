/** The kinds of account of a chart (the `tipo` column of `cuenta`). */
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

/** Chart of accounts depth limit: 5 levels (docs/accounting.md "Chart of accounts"). */
export const MAX_NIVEL = 5;
