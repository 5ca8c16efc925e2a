import { isUUID } from 'class-validator';
import { Injectable } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { Actor } from '../common/actor';
import { Tx } from '../common/accounting.store';
import { toPesos } from '../common/money';
import { PeriodosService } from '../periodos/periodos.service';
import { PostingAccount } from '../plan-cuentas/plan-cuentas.store';
import { AsientosStore } from './asientos.store';
import { OrigenAsiento } from './origen-asiento';
import { checkEntry } from './entry-rules';
import { AsientoView } from './dto/asiento.view';

export interface PostingLine {
  cuenta: PostingAccount;
  debe: number;
  haber: number;
  glosa?: string | null;
}

export interface PostingInput {
  fecha: string;
  glosa: string;
  origen: OrigenAsiento;
  reversaDe?: string | null;
  lineas: PostingLine[];
}

/** The posting core, in the caller's transaction: asientos API, reversals, DTE booking, emission. */
@Injectable()
export class LedgerService {
  constructor(
    private readonly store: AsientosStore,
    private readonly periodos: PeriodosService,
  ) {}

  /** The caller holds the empresa lock in `tx`: entry numbers stay gap-free. */
  async post(tx: Tx, empresaId: string, input: PostingInput, actor: Actor): Promise<AsientoView> {
    checkEntry(input.fecha, input.lineas);
    await this.periodos.assertOpen(tx, empresaId, input.fecha);
    const numero = await this.store.reserveAsientoNumeros(tx, empresaId);
    const id = await this.store.insertAsiento(tx, {
      empresaId,
      numero,
      fecha: input.fecha,
      glosa: input.glosa,
      origen: input.origen,
      reversaDe: input.reversaDe ?? null,
      createdBy: actor.caller,
    });
    const lineas = input.lineas.map((l) => ({ cuentaId: l.cuenta.id, debe: l.debe, haber: l.haber, glosa: l.glosa ?? null }));
    await this.store.insertLineas(tx, id, empresaId, lineas);
    return this.view(tx, id);
  }

  async view(tx: Tx | undefined, asientoId: string, empresaId?: string): Promise<AsientoView> {
    const a = isUUID(asientoId) ? await this.store.findAsiento(tx, asientoId, empresaId) : undefined;
    if (!a) throw new ProblemException(404, 'not_found', `Asiento ${asientoId} does not exist`);
    const lineas = (await this.store.lineas(tx, asientoId)).map((l) => ({ ...l, debe: toPesos(l.debe), haber: toPesos(l.haber) }));
    return {
      ...a,
      total_debe: lineas.reduce((s, l) => s + l.debe, 0),
      total_haber: lineas.reduce((s, l) => s + l.haber, 0),
      lineas,
    } as AsientoView;
  }
}
