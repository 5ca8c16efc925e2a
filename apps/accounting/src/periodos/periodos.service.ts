import { Injectable } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { DataSource, EntityManager } from 'typeorm';
import { Actor } from '../common/actor';
import { lockEmpresa, requireEmpresa } from '../common/empresa-lock';
import { AuditoriaService } from '../auditoria/auditoria.service';
import { PeriodoCerradoView } from './dto/periodo.view';
import { isoInstant } from '../common/sql';

const VIEW = `empresa_id, periodo, ${isoInstant('cerrado_en')}, cerrado_por`;

/**
 * Period closing (month lock): once `YYYY-MM` is closed no entry may be dated in it; corrections
 * go into an open period. Closing is final in this version (no reopening endpoint).
 */
@Injectable()
export class PeriodosService {
  constructor(
    private readonly ds: DataSource,
    private readonly auditoria: AuditoriaService,
  ) {}

  /**
   * @throws ProblemException 409 `period_closed` when `fecha` (YYYY-MM-DD) is in a closed month.
   * Call with the empresa locked so a concurrent close is either seen or waits.
   */
  async assertOpen(em: EntityManager, empresaId: string, fecha: string): Promise<void> {
    const periodo = fecha.slice(0, 7);
    const rows = await em.query('SELECT 1 FROM periodo_cerrado WHERE empresa_id = $1 AND periodo = $2', [empresaId, periodo]);
    if (rows.length > 0) {
      throw new ProblemException(409, 'period_closed', `Period ${periodo} is closed; date the entry in an open period`, { periodo });
    }
  }

  /**
   * Closes a month. @throws 404 empresa; 409 `period_already_closed`.
   */
  async close(empresaId: string, periodo: string, actor: Actor): Promise<PeriodoCerradoView> {
    return this.ds.transaction(async (em) => {
      await lockEmpresa(em, empresaId);
      const [row] = await em.query(
        `INSERT INTO periodo_cerrado (empresa_id, periodo, cerrado_por) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING ${VIEW}`,
        [empresaId, periodo, actor.caller],
      );
      if (!row) throw new ProblemException(409, 'period_already_closed', `Period ${periodo} is already closed`, { periodo });
      await this.auditoria.record(em, actor, { empresaId, accion: 'cerrar_periodo', entidad: 'periodo', entidadId: periodo });
      return row as PeriodoCerradoView;
    });
  }

  /** Closed periods of an empresa, oldest first. @throws 404 empresa. */
  async list(empresaId: string): Promise<PeriodoCerradoView[]> {
    await requireEmpresa(this.ds.manager, empresaId);
    return this.ds.query(`SELECT ${VIEW} FROM periodo_cerrado WHERE empresa_id = $1 ORDER BY periodo`, [empresaId]);
  }
}
