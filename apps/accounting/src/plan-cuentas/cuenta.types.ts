export const TIPOS_CUENTA = ['activo', 'pasivo', 'patrimonio', 'ingreso', 'gasto'] as const;
export type TipoCuenta = (typeof TIPOS_CUENTA)[number];

/** Roles let automatic bookings and reports find accounts users may rename; such accounts stay leaves. */
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

/** docs/accounting.md "Chart of accounts". */
export const MAX_NIVEL = 5;
