import { isUUID } from 'class-validator';
import { Injectable } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { EntityManager } from 'typeorm';
import { Actor } from '../common/actor';
import { toPesos } from '../common/money';
import { PeriodosService } from '../periodos/periodos.service';
import { PostingAccount } from '../plan-cuentas/plan-cuentas.service';
import { OrigenAsiento } from './origen-asiento';
import { reserveAsientoNumeros } from './asiento-numero';
import { checkEntry } from './entry-rules';
import { AsientoView } from './dto/asiento.view';
import { isoInstant } from '../common/sql';

/** One line to post, its account already resolved to a posting account of the empresa. */
export interface PostingLine {
  cuenta: PostingAccount;
  debe: number;
  haber: number;
  glosa?: string | null;
}

/** An entry to post. */
export interface PostingInput {
  fecha: string;
  glosa: string;
  origen: OrigenAsiento;
  reversaDe?: string | null;
  lineas: PostingLine[];
}

/**
 * The posting core: writes one balanced entry with its lines inside the caller's transaction.
 * Used by the asientos API, reversals, the DTE booking (API and mailbox poller) and the emission.
 */
@Injectable()
export class LedgerService {
  constructor(private readonly periodos: PeriodosService) {}

  /**
   * Posts an entry. The caller MUST hold the empresa lock (`lockEmpresa`) in `em`'s transaction:
   * the next correlative number is taken from the empresa row, so numbers have no gaps (a
   * rolled-back transaction gives its number back).
   * @throws 400 `validation_failed`, 422 `unbalanced_entry`, 409 `period_closed`.
   */
  async post(em: EntityManager, empresaId: string, input: PostingInput, actor: Actor): Promise<AsientoView> {
    checkEntry(input.fecha, input.lineas);
    await this.periodos.assertOpen(em, empresaId, input.fecha);
    const numero = await reserveAsientoNumeros(em, empresaId);
    const [{ id }] = await em.query(
      `INSERT INTO asiento (empresa_id, numero, fecha, glosa, origen, reversa_de, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [empresaId, numero, input.fecha, input.glosa, input.origen, input.reversaDe ?? null, actor.caller],
    );
    const params: unknown[] = [id, empresaId];
    const rows = input.lineas.map((l, i) => {
      params.push(i + 1, l.cuenta.id, l.debe, l.haber, l.glosa ?? null);
      const b = 2 + i * 5;
      return `($1, $2, $${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5})`;
    });
    await em.query(
      `INSERT INTO linea_asiento (asiento_id, empresa_id, linea, cuenta_id, debe, haber, glosa) VALUES ${rows.join(', ')}`,
      params,
    );
    return this.view(em, id);
  }

  /**
   * An entry with its lines. @throws 404 `not_found` when it does not exist or belongs to
   * another empresa than `empresaId` (when given).
   */
  async view(em: EntityManager, asientoId: string, empresaId?: string): Promise<AsientoView> {
    const uuid = isUUID(asientoId);
    const [a] = uuid
      ? await em.query(
          `SELECT a.id, a.empresa_id, a.numero, a.fecha::text AS fecha, a.glosa, a.origen, a.reversa_de,
                  (SELECT r.id FROM asiento r WHERE r.reversa_de = a.id) AS reversado_por,
                  ${isoInstant('a.created_at')}, a.created_by
             FROM asiento a WHERE a.id = $1 AND ($2::uuid IS NULL OR a.empresa_id = $2)`,
          [asientoId, empresaId ?? null],
        )
      : [];
    if (!a) throw new ProblemException(404, 'not_found', `Asiento ${asientoId} does not exist`);
    const lines: { linea: number; cuenta: string; cuenta_nombre: string; debe: string; haber: string; glosa: string | null }[] =
      await em.query(
        `SELECT l.linea, c.codigo AS cuenta, c.nombre AS cuenta_nombre, l.debe, l.haber, l.glosa
         FROM linea_asiento l JOIN cuenta c ON c.id = l.cuenta_id
        WHERE l.asiento_id = $1 ORDER BY l.linea`,
        [asientoId],
      );
    const lineas = lines.map((l) => ({ ...l, debe: toPesos(l.debe), haber: toPesos(l.haber) }));
    return {
      ...a,
      total_debe: lineas.reduce((s, l) => s + l.debe, 0),
      total_haber: lineas.reduce((s, l) => s + l.haber, 0),
      lineas,
    } as AsientoView;
  }
}
