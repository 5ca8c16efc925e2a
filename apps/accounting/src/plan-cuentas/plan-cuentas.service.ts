import { Injectable } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { Actor } from '../common/actor';
import { Tx } from '../common/accounting.store';
import { AuditoriaService } from '../auditoria/auditoria.service';
import { MAX_NIVEL, RolCuenta } from './cuenta.types';
import { SYSTEM_ROLES } from './default-chart';
import { CrearCuentaDto } from './dto/crear-cuenta.dto';
import { CuentaView } from './dto/cuenta.view';
import { ParentCuenta, PlanCuentasStore, PostingAccount } from './plan-cuentas.store';

@Injectable()
export class PlanCuentasService {
  constructor(
    private readonly store: PlanCuentasStore,
    private readonly auditoria: AuditoriaService,
  ) {}

  seed(tx: Tx, empresaId: string): Promise<void> {
    return this.store.seed(tx, empresaId);
  }

  async list(empresaId: string): Promise<CuentaView[]> {
    await this.store.requireEmpresa(empresaId);
    return this.store.list(empresaId);
  }

  /**
   * Adds an account one level below an existing one, same tipo. The parent becomes a group (no postings),
   * so a parent with postings, or one used by automatic bookings, cannot get children.
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
    return this.store.transaction(async (tx) => {
      await this.store.lockEmpresa(tx, dto.empresa_id);
      const parent = await this.parentFor(tx, dto.empresa_id, parentCodigo);
      const id = await this.store.insert(tx, {
        empresaId: dto.empresa_id,
        codigo: dto.codigo,
        nombre: dto.nombre.trim(),
        tipo: parent.tipo,
        nivel: parent.nivel + 1,
        parentId: parent.id,
      });
      if (!id) throw new ProblemException(409, 'codigo_taken', `Account ${dto.codigo} already exists`);
      if (parent.imputable) await this.store.makeGroup(tx, parent.id);
      await this.auditoria.record(tx, actor, { empresaId: dto.empresa_id, accion: 'crear_cuenta', entidad: 'cuenta', entidadId: id });
      return this.store.view(tx, dto.empresa_id, id);
    });
  }

  private async parentFor(tx: Tx, empresaId: string, codigo: string): Promise<ParentCuenta> {
    const parent = await this.store.parent(tx, empresaId, codigo);
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
    return parent;
  }

  /** `codigos`: one per line, in line order (errors name lines by index). */
  async resolveCodigos(tx: Tx, empresaId: string, codigos: string[]): Promise<PostingAccount[]> {
    const rows = await this.store.byCodigos(tx, empresaId, [...new Set(codigos)]);
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

  /** 409 `chart_incomplete` guards a seed invariant: every role has a posting account. */
  async byRoles<R extends RolCuenta>(tx: Tx, empresaId: string, roles: readonly R[]): Promise<Record<R, PostingAccount>> {
    const rows = await this.store.byRoles(tx, empresaId, roles);
    const found = Object.fromEntries(rows.filter((r) => r.imputable).map((r) => [r.rol, r])) as unknown as Record<R, PostingAccount>;
    const missing = roles.filter((r) => !found[r]);
    if (missing.length > 0) throw new ProblemException(409, 'chart_incomplete', `No posting account with role ${missing.join(', ')}`);
    return found;
  }
}
