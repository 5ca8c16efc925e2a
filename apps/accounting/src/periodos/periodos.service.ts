import { Injectable } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { Actor } from '../common/actor';
import { Tx } from '../common/accounting.store';
import { AuditoriaService } from '../auditoria/auditoria.service';
import { PeriodoCerradoView } from './dto/periodo.view';
import { PeriodosStore } from './periodos.store';

/** Closing a month is final in this version (no reopening endpoint): corrections go into an open period. */
@Injectable()
export class PeriodosService {
  constructor(
    private readonly store: PeriodosStore,
    private readonly auditoria: AuditoriaService,
  ) {}

  /** Call with the empresa locked, so a concurrent close is either seen or waits. */
  async assertOpen(tx: Tx | undefined, empresaId: string, fecha: string): Promise<void> {
    const periodo = fecha.slice(0, 7);
    if (await this.store.isClosed(tx, empresaId, periodo)) {
      throw new ProblemException(409, 'period_closed', `Period ${periodo} is closed; date the entry in an open period`, { periodo });
    }
  }

  async close(empresaId: string, periodo: string, actor: Actor): Promise<PeriodoCerradoView> {
    return this.store.transaction(async (tx) => {
      await this.store.lockEmpresa(tx, empresaId);
      const row = await this.store.close(tx, empresaId, periodo, actor.caller);
      if (!row) throw new ProblemException(409, 'period_already_closed', `Period ${periodo} is already closed`, { periodo });
      await this.auditoria.record(tx, actor, { empresaId, accion: 'cerrar_periodo', entidad: 'periodo', entidadId: periodo });
      return row;
    });
  }

  async list(empresaId: string): Promise<PeriodoCerradoView[]> {
    await this.store.requireEmpresa(empresaId);
    return this.store.list(empresaId);
  }
}
