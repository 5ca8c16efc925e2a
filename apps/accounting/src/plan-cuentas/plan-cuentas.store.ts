import { Injectable } from '@nestjs/common';
import { AccountingStore, Tx } from '../common/accounting.store';
import { RolCuenta, TipoCuenta } from './cuenta.types';
import { DEFAULT_CHART } from './default-chart';
import { CuentaView } from './dto/cuenta.view';

export interface PostingAccount {
  id: string;
  codigo: string;
  nombre: string;
  imputable: boolean;
}

export interface ParentCuenta {
  id: string;
  tipo: TipoCuenta;
  nivel: number;
  imputable: boolean;
  rol: RolCuenta | null;
  con_movimientos: boolean;
}

export interface NewCuenta {
  empresaId: string;
  codigo: string;
  nombre: string;
  tipo: TipoCuenta;
  nivel: number;
  parentId: string;
}

const VIEW_SQL = `
  SELECT c.id, c.codigo, c.nombre, c.tipo, c.nivel, c.imputable, p.codigo AS parent, c.rol
    FROM cuenta c LEFT JOIN cuenta p ON p.id = c.parent_id
   WHERE c.empresa_id = $1`;
const ORDER = `ORDER BY string_to_array(c.codigo, '.')::int[]`;

@Injectable()
export class PlanCuentasStore extends AccountingStore {
  /** Groups first (parent NULL), then children joined to their parent by codigo. */
  async seed(tx: Tx, empresaId: string): Promise<void> {
    const values: unknown[] = [];
    const rows = DEFAULT_CHART.map((a, i) => {
      values.push(a.codigo, a.nombre, a.tipo, a.parent ? 2 : 1, Boolean(a.parent), a.parent ?? null, a.rol ?? null);
      const b = i * 7;
      return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}::smallint, $${b + 5}::boolean, $${b + 6}, $${b + 7})`;
    });
    await tx.query(
      `WITH seed(codigo, nombre, tipo, nivel, imputable, parent, rol) AS (VALUES ${rows.join(', ')}),
            groups AS (
              INSERT INTO cuenta (empresa_id, codigo, nombre, tipo, nivel, imputable, parent_id, rol)
              SELECT $${values.length + 1}::uuid, codigo, nombre, tipo, nivel, imputable, NULL, rol FROM seed WHERE parent IS NULL
              RETURNING id, codigo)
       INSERT INTO cuenta (empresa_id, codigo, nombre, tipo, nivel, imputable, parent_id, rol)
       SELECT $${values.length + 1}::uuid, s.codigo, s.nombre, s.tipo, s.nivel, s.imputable, g.id, s.rol
         FROM seed s JOIN groups g ON g.codigo = s.parent`,
      [...values, empresaId],
    );
  }

  list(empresaId: string): Promise<CuentaView[]> {
    return this.ds.query(`${VIEW_SQL} ${ORDER}`, [empresaId]);
  }

  async view(tx: Tx, empresaId: string, id: string): Promise<CuentaView> {
    const [view] = await tx.query(`${VIEW_SQL} AND c.id = $2`, [empresaId, id]);
    return view;
  }

  async parent(tx: Tx, empresaId: string, codigo: string): Promise<ParentCuenta | undefined> {
    const [parent] = await tx.query(
      `SELECT c.id, c.tipo, c.nivel, c.imputable, c.rol, EXISTS (SELECT 1 FROM linea_asiento l WHERE l.cuenta_id = c.id) AS con_movimientos
         FROM cuenta c WHERE c.empresa_id = $1 AND c.codigo = $2`,
      [empresaId, codigo],
    );
    return parent;
  }

  /** Undefined when the codigo is taken. */
  async insert(tx: Tx, c: NewCuenta): Promise<string | undefined> {
    const [created] = await tx.query(
      `INSERT INTO cuenta (empresa_id, codigo, nombre, tipo, nivel, imputable, parent_id)
       VALUES ($1, $2, $3, $4, $5, true, $6)
       ON CONFLICT ON CONSTRAINT cuenta_codigo_uq DO NOTHING RETURNING id`,
      [c.empresaId, c.codigo, c.nombre, c.tipo, c.nivel, c.parentId],
    );
    return created?.id;
  }

  async makeGroup(tx: Tx, id: string): Promise<void> {
    await tx.query('UPDATE cuenta SET imputable = false WHERE id = $1', [id]);
  }

  byCodigos(tx: Tx, empresaId: string, codigos: string[]): Promise<PostingAccount[]> {
    return tx.query('SELECT id, codigo, nombre, imputable FROM cuenta WHERE empresa_id = $1 AND codigo = ANY($2)', [empresaId, codigos]);
  }

  byRoles<R extends RolCuenta>(tx: Tx, empresaId: string, roles: readonly R[]): Promise<(PostingAccount & { rol: R })[]> {
    return tx.query('SELECT id, codigo, nombre, imputable, rol FROM cuenta WHERE empresa_id = $1 AND rol = ANY($2)', [empresaId, roles]);
  }
}
