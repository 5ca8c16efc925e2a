import { RolCuenta, TipoCuenta } from './cuenta.types';

export interface SeedAccount {
  codigo: string;
  nombre: string;
  tipo: TipoCuenta;
  parent?: string;
  rol?: RolCuenta;
}

/**
 * The 18-account default chart: five level-1 groups and 13 posting accounts, named as in Chilean usage
 * (Odoo l10n_cl, SII Manual de Cuentas MiPyme; docs/research/registry-ledger-accounting.md §3.1).
 */
export const DEFAULT_CHART: readonly SeedAccount[] = [
  { codigo: '1', nombre: 'Activo', tipo: 'activo' },
  { codigo: '1.1', nombre: 'Caja', tipo: 'activo', parent: '1', rol: 'caja' },
  { codigo: '1.2', nombre: 'Banco', tipo: 'activo', parent: '1', rol: 'banco' },
  { codigo: '1.3', nombre: 'Clientes', tipo: 'activo', parent: '1', rol: 'clientes' },
  { codigo: '1.4', nombre: 'IVA Crédito Fiscal', tipo: 'activo', parent: '1', rol: 'iva_credito' },
  { codigo: '2', nombre: 'Pasivo', tipo: 'pasivo' },
  { codigo: '2.1', nombre: 'Proveedores', tipo: 'pasivo', parent: '2', rol: 'proveedores' },
  { codigo: '2.2', nombre: 'IVA Débito Fiscal', tipo: 'pasivo', parent: '2', rol: 'iva_debito' },
  { codigo: '2.3', nombre: 'Retenciones por Pagar', tipo: 'pasivo', parent: '2', rol: 'retenciones' },
  { codigo: '3', nombre: 'Patrimonio', tipo: 'patrimonio' },
  { codigo: '3.1', nombre: 'Capital', tipo: 'patrimonio', parent: '3', rol: 'capital' },
  { codigo: '3.2', nombre: 'Resultados Acumulados', tipo: 'patrimonio', parent: '3', rol: 'resultados_acumulados' },
  { codigo: '4', nombre: 'Ingresos', tipo: 'ingreso' },
  { codigo: '4.1', nombre: 'Ventas', tipo: 'ingreso', parent: '4', rol: 'ventas' },
  { codigo: '4.2', nombre: 'Otros Ingresos', tipo: 'ingreso', parent: '4', rol: 'otros_ingresos' },
  { codigo: '5', nombre: 'Gastos', tipo: 'gasto' },
  { codigo: '5.1', nombre: 'Costo de Ventas', tipo: 'gasto', parent: '5', rol: 'compras' },
  { codigo: '5.2', nombre: 'Gastos de Administración', tipo: 'gasto', parent: '5', rol: 'gastos_admin' },
];

/** Accounts automatic bookings post to and reports fold into: they must stay leaves. */
export const SYSTEM_ROLES: ReadonlySet<RolCuenta> = new Set<RolCuenta>([
  'clientes',
  'iva_credito',
  'proveedores',
  'iva_debito',
  'retenciones',
  'resultados_acumulados',
  'ventas',
  'compras',
]);
