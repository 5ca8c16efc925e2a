import { Injectable } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { DataSource, EntityManager } from 'typeorm';
import { Actor } from '../common/actor';
import { lockEmpresa, requireEmpresa } from '../common/empresa-lock';
import { inTransaction } from '../common/transaction';
import { AuditoriaService } from '../auditoria/auditoria.service';
import { MAX_NIVEL, RolCuenta, TipoCuenta } from './cuenta.types';
import { DEFAULT_CHART, SYSTEM_ROLES } from './default-chart';
import { CrearCuentaDto } from './dto/crear-cuenta.dto';
import { CuentaView } from './dto/cuenta.view';

/** What posting needs to know about an account. */
export interface PostingAccount {
  id: string;
  codigo: string;
  nombre: string;
  imputable: boolean;
}

const VIEW_SQL = `
  SELECT c.id, c.codigo, c.nombre, c.tipo, c.nivel, c.imputable, p.codigo AS parent, c.rol
    FROM cuenta c LEFT JOIN cuenta p ON p.id = c.parent_id
   WHERE c.empresa_id = $1`;
const ORDER = `ORDER BY string_to_array(c.codigo, '.')::int[]`;

/** The chart of accounts (PlanCuenta): seeding, listing, adding accounts, resolving postings. */
@Injectable()
export class PlanCuentasService {
  constructor(
    private readonly ds: DataSource,
    private readonly auditoria: AuditoriaService,
  ) {}

  /** Seeds the 18-account {@link DEFAULT_CHART} for a new empresa (inside its creation transaction). */
  async seed(em: EntityManager, empresaId: string): Promise<void> {
    const values: unknown[] = [];
    const rows = DEFAULT_CHART.map((a, i) => {
      values.push(a.codigo, a.nombre, a.tipo, a.parent ? 2 : 1, Boolean(a.parent), a.parent ?? null, a.rol ?? null);
      const b = i * 7;
      return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}::smallint, $${b + 5}::boolean, $${b + 6}, $${b + 7})`;
    });
    // Groups first (parent NULL), then children joined to their parent by codigo.
    await em.query(
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

  /** The whole chart of an empresa, in code order. @throws 404 when the empresa does not exist. */
  async list(empresaId: string): Promise<CuentaView[]> {
    await requireEmpresa(this.ds.manager, empresaId);
    return this.ds.query(`${VIEW_SQL} ${ORDER}`, [empresaId]);
  }

  /**
   * Adds an account below an existing one: same tipo, one level deeper (at most {@link MAX_NIVEL}),
   * code unique per empresa. The parent stops taking postings (it becomes a group), so a parent
   * with postings, or one used by automatic bookings, cannot get children.
   * @throws 404 empresa; 422 `parent_not_found` | `invalid_codigo` | `max_depth_exceeded`;
   *   409 `codigo_taken` | `account_has_postings` | `system_account`.
   */
  async create(dto: CrearCuentaDto, actor: Actor): Promise<CuentaView> {
    const parentCodigo = dto.parent ?? dto.codigo.split('.').slice(0, -1).join('.');
    if (!parentCodigo) {
      throw new ProblemException(422, 'invalid_codigo', 'Level-1 groups are fixed; new accounts go below an existing one', {
        errors: [{ field: 'codigo', message: 'must have a parent' }],
      });
    }
    if (!dto.codigo.startsWith(`${parentCodigo}.`) || dto.codigo.split('.').length !== parentCodigo.split('.').length + 1) {
      throw new ProblemException(422, 'invalid_codigo', `codigo must be ${parentCodigo}.<digits>`, {
        errors: [{ field: 'codigo', message: `must extend the parent code ${parentCodigo} by one segment` }],
      });
    }
    return inTransaction(this.ds, async (em) => {
      await lockEmpresa(em, dto.empresa_id);
      const parent = await this.parentFor(em, dto.empresa_id, parentCodigo);
      const [created] = await em.query(
        `INSERT INTO cuenta (empresa_id, codigo, nombre, tipo, nivel, imputable, parent_id)
         VALUES ($1, $2, $3, $4, $5, true, $6)
         ON CONFLICT ON CONSTRAINT cuenta_codigo_uq DO NOTHING RETURNING id`,
        [dto.empresa_id, dto.codigo, dto.nombre.trim(), parent.tipo, parent.nivel + 1, parent.id],
      );
      if (!created) throw new ProblemException(409, 'codigo_taken', `Account ${dto.codigo} already exists`);
      if (parent.imputable) await em.query('UPDATE cuenta SET imputable = false WHERE id = $1', [parent.id]);
      await this.auditoria.record(em, actor, {
        empresaId: dto.empresa_id,
        accion: 'crear_cuenta',
        entidad: 'cuenta',
        entidadId: created.id,
      });
      const [view] = await em.query(`${VIEW_SQL} AND c.id = $2`, [dto.empresa_id, created.id]);
      return view as CuentaView;
    });
  }

  private async parentFor(em: EntityManager, empresaId: string, codigo: string) {
    const [parent] = await em.query(
      `SELECT c.id, c.tipo, c.nivel, c.imputable, c.rol, EXISTS (SELECT 1 FROM linea_asiento l WHERE l.cuenta_id = c.id) AS con_movimientos
         FROM cuenta c WHERE c.empresa_id = $1 AND c.codigo = $2`,
      [empresaId, codigo],
    );
    if (!parent) {
      throw new ProblemException(422, 'parent_not_found', `Parent account ${codigo} does not exist`, {
        errors: [{ field: 'parent', message: 'unknown account' }],
      });
    }
    if (parent.nivel >= MAX_NIVEL) {
      throw new ProblemException(
        422,
        'max_depth_exceeded',
        `The chart has at most ${MAX_NIVEL} levels; ${codigo} is at level ${parent.nivel}`,
        {
          errors: [{ field: 'codigo', message: `deeper than ${MAX_NIVEL} levels` }],
        },
      );
    }
    if (parent.rol && SYSTEM_ROLES.has(parent.rol)) {
      throw new ProblemException(
        409,
        'system_account',
        `Account ${codigo} receives automatic bookings and must stay a posting account; add a sibling instead`,
      );
    }
    if (parent.con_movimientos) {
      throw new ProblemException(
        409,
        'account_has_postings',
        `Account ${codigo} has postings; only accounts without postings can get sub-accounts`,
      );
    }
    return parent as { id: string; tipo: TipoCuenta; nivel: number; imputable: boolean };
  }

  /**
   * Resolves line account codes to posting accounts of the empresa.
   * @param codigos one per line, in line order (field names in errors use the index).
   * @throws 422 `unknown_account` or `account_not_postable` with `errors[]` per line.
   */
  async resolveCodigos(em: EntityManager, empresaId: string, codigos: string[]): Promise<PostingAccount[]> {
    const rows: PostingAccount[] = await em.query(
      'SELECT id, codigo, nombre, imputable FROM cuenta WHERE empresa_id = $1 AND codigo = ANY($2)',
      [empresaId, [...new Set(codigos)]],
    );
    const byCodigo = new Map(rows.map((r) => [r.codigo, r]));
    const unknown = codigos.map((c, i) => ({ c, i })).filter(({ c }) => !byCodigo.has(c));
    if (unknown.length > 0) {
      throw new ProblemException(422, 'unknown_account', `No account ${unknown.map((u) => u.c).join(', ')} in this empresa's chart`, {
        errors: unknown.map(({ i }) => ({ field: `lineas.${i}.cuenta`, message: 'unknown account' })),
      });
    }
    const groups = codigos.map((c, i) => ({ c, i })).filter(({ c }) => !byCodigo.get(c)?.imputable);
    if (groups.length > 0) {
      throw new ProblemException(
        422,
        'account_not_postable',
        `Accounts ${groups.map((g) => g.c).join(', ')} have sub-accounts and take no postings`,
        {
          errors: groups.map(({ i }) => ({ field: `lineas.${i}.cuenta`, message: 'not a posting (leaf) account' })),
        },
      );
    }
    return codigos.map((c) => byCodigo.get(c) as PostingAccount);
  }

  /**
   * The accounts holding the given roles.
   * @throws ProblemException 409 `chart_incomplete` when a role's account is missing or has
   *   become a group (the seed guarantees neither happens; kept as a guard).
   */
  async byRoles<R extends RolCuenta>(em: EntityManager, empresaId: string, roles: readonly R[]): Promise<Record<R, PostingAccount>> {
    const rows: (PostingAccount & { rol: R })[] = await em.query(
      'SELECT id, codigo, nombre, imputable, rol FROM cuenta WHERE empresa_id = $1 AND rol = ANY($2)',
      [empresaId, roles],
    );
    const found = Object.fromEntries(rows.filter((r) => r.imputable).map((r) => [r.rol, r])) as unknown as Record<R, PostingAccount>;
    const missing = roles.filter((r) => !found[r]);
    if (missing.length > 0) throw new ProblemException(409, 'chart_incomplete', `No posting account with role ${missing.join(', ')}`);
    return found;
  }
}
