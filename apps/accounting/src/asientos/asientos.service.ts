import { Injectable } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { Actor } from '../common/actor';
import { Tx } from '../common/accounting.store';
import { isUniqueViolation } from '../common/db-errors';
import { IdempotentResult } from '../common/idempotent-reply';
import { AuditoriaService } from '../auditoria/auditoria.service';
import { PlanCuentasService } from '../plan-cuentas/plan-cuentas.service';
import { AsientosStore } from './asientos.store';
import { CrearAsientoDto, ReversaDto } from './dto/crear-asiento.dto';
import { IdempotencyService } from './idempotency.service';
import { LedgerService } from './ledger.service';
import { AsientoView } from './dto/asiento.view';

@Injectable()
export class AsientosService {
  constructor(
    private readonly store: AsientosStore,
    private readonly ledger: LedgerService,
    private readonly cuentas: PlanCuentasService,
    private readonly idempotency: IdempotencyService,
    private readonly auditoria: AuditoriaService,
  ) {}

  async create(dto: CrearAsientoDto, actor: Actor, idempotencyKey?: string): Promise<IdempotentResult<AsientoView>> {
    return this.transaction(async (tx) => {
      const audit = (entidadId: string, resultado?: string) =>
        this.auditoria.record(tx, actor, { empresaId: dto.empresa_id, accion: 'crear_asiento', entidad: 'asiento', entidadId, resultado });
      const result = await this.idempotency.run(tx, actor, idempotencyKey, 'crear_asiento', 201, async () => {
        await this.store.lockEmpresa(tx, dto.empresa_id);
        const accounts = await this.cuentas.resolveCodigos(
          tx,
          dto.empresa_id,
          dto.lineas.map((l) => l.cuenta),
        );
        const asiento = await this.ledger.post(
          tx,
          dto.empresa_id,
          {
            fecha: dto.fecha,
            glosa: dto.glosa.trim(),
            origen: 'manual',
            lineas: dto.lineas.map((l, i) => ({ cuenta: accounts[i], debe: l.debe ?? 0, haber: l.haber ?? 0, glosa: l.glosa ?? null })),
          },
          actor,
        );
        await audit(asiento.id);
        return asiento;
      });
      if (result.replayed) await audit(result.body.id, 'replayed');
      return result;
    });
  }

  /** A closed original period needs a `fecha` for the reversal. */
  async reverse(asientoId: string, dto: ReversaDto, actor: Actor, idempotencyKey?: string): Promise<IdempotentResult<AsientoView>> {
    return this.transaction((tx) =>
      this.idempotency.run(tx, actor, idempotencyKey, `reversa:${asientoId}`, 201, () => this.reverseIn(tx, asientoId, dto, actor)),
    );
  }

  /**
   * Posts the reversal of `asientoId` (debe and haber swapped, dated `fecha` or the original's) in the caller's transaction,
   * taking the empresa lock. @throws 404 `not_found`, 409 `already_reversed` (an entry is reversed once: `asiento_reversa_uq`),
   * 409 `period_closed` when the date falls in a closed period.
   */
  async reverseIn(tx: Tx, asientoId: string, dto: ReversaDto, actor: Actor): Promise<AsientoView> {
    const { original, done } = await this.reversible(tx, asientoId, dto.empresa_id);
    if (done) throw this.alreadyReversed(original.numero, done);
    return this.postReversal(tx, original, dto, actor);
  }

  /**
   * The id of `asientoId`'s reversal, posting it only when there is none yet (an entry reversed by hand meanwhile is linked, not
   * reversed twice), in the caller's transaction. `fechaSiCerrado` dates it instead when its own date falls in a closed period (an
   * automatic reversal must not block a month). @throws as {@link reverseIn}, without `already_reversed`.
   */
  async reverseOnceIn(tx: Tx, asientoId: string, dto: ReversaDto, actor: Actor, fechaSiCerrado?: string): Promise<string> {
    const { original, done } = await this.reversible(tx, asientoId, dto.empresa_id);
    if (done) return done;
    try {
      return (await this.postReversal(tx, original, dto, actor)).id;
    } catch (err) {
      if (!fechaSiCerrado || !(err instanceof ProblemException) || err.error !== 'period_closed') throw err;
      return (await this.postReversal(tx, original, { ...dto, fecha: fechaSiCerrado }, actor)).id;
    }
  }

  /** The entry under the empresa's lock, and its reversal's id when it has one. */
  private async reversible(tx: Tx, asientoId: string, empresaId?: string): Promise<{ original: AsientoView; done?: string }> {
    const original = await this.ledger.view(tx, asientoId, empresaId);
    await this.store.lockEmpresa(tx, original.empresa_id);
    return { original, done: await this.store.reversalOf(tx, original.id) };
  }

  private async postReversal(tx: Tx, original: AsientoView, dto: ReversaDto, actor: Actor): Promise<AsientoView> {
    const accounts = await this.cuentas.resolveCodigos(
      tx,
      original.empresa_id,
      original.lineas.map((l) => l.cuenta),
    );
    const glosa = (dto.glosa ?? `Reversa del asiento N° ${original.numero}: ${original.glosa}`).slice(0, 500);
    const reversal = await this.ledger.post(
      tx,
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
    await this.auditoria.record(tx, actor, {
      empresaId: original.empresa_id,
      accion: 'reversar_asiento',
      entidad: 'asiento',
      entidadId: reversal.id,
    });
    return reversal;
  }

  get(asientoId: string, empresaId?: string): Promise<AsientoView> {
    return this.ledger.view(undefined, asientoId, empresaId);
  }

  private alreadyReversed(numero: number, reversalId?: string): ProblemException {
    return new ProblemException(409, 'already_reversed', `Asiento N° ${numero} has already been reversed`, { reversado_por: reversalId });
  }

  private transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.store.transaction(work, (err) =>
      isUniqueViolation(err, 'asiento_reversa_uq')
        ? new ProblemException(409, 'already_reversed', 'The entry has already been reversed')
        : undefined,
    );
  }
}
