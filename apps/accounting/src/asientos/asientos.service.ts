import { Injectable } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { DataSource, EntityManager } from 'typeorm';
import { Actor } from '../common/actor';
import { isUniqueViolation } from '../common/db-errors';
import { inTransaction } from '../common/transaction';
import { lockEmpresa } from '../common/empresa-lock';
import { AuditoriaService } from '../auditoria/auditoria.service';
import { PlanCuentasService } from '../plan-cuentas/plan-cuentas.service';
import { CrearAsientoDto, ReversaDto } from './dto/crear-asiento.dto';
import { IdempotencyService, IdempotentResult } from './idempotency.service';
import { LedgerService } from './ledger.service';
import { AsientoView } from './dto/asiento.view';

/** The asientos API: manual entries, reversals, reading one entry. */
@Injectable()
export class AsientosService {
  constructor(
    private readonly ds: DataSource,
    private readonly ledger: LedgerService,
    private readonly cuentas: PlanCuentasService,
    private readonly idempotency: IdempotencyService,
    private readonly auditoria: AuditoriaService,
  ) {}

  /**
   * Posts a manual entry (lines name accounts by codigo).
   * @throws 404 empresa; 400/422 entry rules (see `checkEntry`); 422 `unknown_account` |
   *   `account_not_postable`; 409 `period_closed` | `idempotency_key_reused`.
   */
  async create(dto: CrearAsientoDto, actor: Actor, idempotencyKey?: string): Promise<IdempotentResult<AsientoView>> {
    return this.transaction(async (em) => {
      const result = await this.idempotency.run(em, actor, idempotencyKey, 'crear_asiento', 201, async () => {
        await lockEmpresa(em, dto.empresa_id);
        const accounts = await this.cuentas.resolveCodigos(
          em,
          dto.empresa_id,
          dto.lineas.map((l) => l.cuenta),
        );
        const asiento = await this.ledger.post(
          em,
          dto.empresa_id,
          {
            fecha: dto.fecha,
            glosa: dto.glosa.trim(),
            origen: 'manual',
            lineas: dto.lineas.map((l, i) => ({ cuenta: accounts[i], debe: l.debe ?? 0, haber: l.haber ?? 0, glosa: l.glosa ?? null })),
          },
          actor,
        );
        await this.auditoria.record(em, actor, {
          empresaId: dto.empresa_id,
          accion: 'crear_asiento',
          entidad: 'asiento',
          entidadId: asiento.id,
        });
        return asiento;
      });
      if (result.replayed) {
        await this.auditoria.record(em, actor, {
          empresaId: dto.empresa_id,
          accion: 'crear_asiento',
          entidad: 'asiento',
          entidadId: result.body.id,
          resultado: 'replayed',
        });
      }
      return result;
    });
  }

  /**
   * Posts the reversal of an entry: same accounts, debe and haber swapped, pointing back to it.
   * Dated like the original unless `fecha` is given (a closed original period needs a `fecha`).
   * @throws 404 entry; 409 `already_reversed` | `period_closed` | `idempotency_key_reused`.
   */
  async reverse(asientoId: string, dto: ReversaDto, actor: Actor, idempotencyKey?: string): Promise<IdempotentResult<AsientoView>> {
    return this.transaction((em) =>
      this.idempotency.run(em, actor, idempotencyKey, `reversa:${asientoId}`, 201, async () => {
        const original = await this.ledger.view(em, asientoId, dto.empresa_id);
        await lockEmpresa(em, original.empresa_id);
        const [done] = await em.query('SELECT id FROM asiento WHERE reversa_de = $1', [original.id]);
        if (done) throw this.alreadyReversed(original.numero, done.id);
        const accounts = await this.cuentas.resolveCodigos(
          em,
          original.empresa_id,
          original.lineas.map((l) => l.cuenta),
        );
        const glosa = (dto.glosa ?? `Reversa del asiento N° ${original.numero}: ${original.glosa}`).slice(0, 500);
        const reversal = await this.ledger.post(
          em,
          original.empresa_id,
          {
            fecha: dto.fecha ?? original.fecha,
            glosa,
            origen: 'reversa',
            reversaDe: original.id,
            lineas: original.lineas.map((l, i) => ({ cuenta: accounts[i], debe: l.haber, haber: l.debe, glosa: l.glosa })),
          },
          actor,
        );
        await this.auditoria.record(em, actor, {
          empresaId: original.empresa_id,
          accion: 'reversar_asiento',
          entidad: 'asiento',
          entidadId: reversal.id,
        });
        return reversal;
      }),
    );
  }

  /** One entry with its lines. @throws 404. */
  get(asientoId: string, empresaId?: string): Promise<AsientoView> {
    return this.ledger.view(this.ds.manager, asientoId, empresaId);
  }

  private alreadyReversed(numero: number, reversalId?: string): ProblemException {
    return new ProblemException(409, 'already_reversed', `Asiento N° ${numero} has already been reversed`, { reversado_por: reversalId });
  }

  /** A transaction whose database guard errors become problems (also those raised at COMMIT). */
  private transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return inTransaction(this.ds, work, (err) =>
      isUniqueViolation(err, 'asiento_reversa_uq')
        ? new ProblemException(409, 'already_reversed', 'The entry has already been reversed')
        : undefined,
    );
  }
}
