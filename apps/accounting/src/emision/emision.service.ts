import { Injectable, Logger } from '@nestjs/common';
import { normalizeRut } from '@lib/rut';
import { ProblemException, assertFechaEnRango } from '@lib/schemas';
import { DataSource, EntityManager } from 'typeorm';
import { Actor } from '../common/actor';
import { LockedEmpresa, lockEmpresa, requireEmpresa } from '../common/empresa-lock';
import { toPesos } from '../common/money';
import { santiagoDate } from '@lib/dte';
import { inTransaction } from '../common/transaction';
import { IdempotentResult } from '../asientos/idempotency.service';
import { LedgerService } from '../asientos/ledger.service';
import { AuditoriaService } from '../auditoria/auditoria.service';
import { TIPO_DTE_NOMBRE } from '../dte-recepcion/booking-rules';
import { EmisionGateway } from '../gateway/emitir.types';
import { GatewayClient } from '../gateway/gateway.client';
import { PeriodosService } from '../periodos/periodos.service';
import { PlanCuentasService } from '../plan-cuentas/plan-cuentas.service';
import { EmitDteDto } from './dto/emit-dte.dto';
import { EmisionClaims, StoredAnswer } from './emision-claims';
import { SALE_ROLES, saleLines } from './sale-rules';
import { DocumentoEmitidoView } from './dto/documento-emitido.view';

/** Problem members that are not extensions (rebuilt by ProblemException). */
const PROBLEM_BASE = new Set(['type', 'title', 'status', 'detail', 'error', 'instance']);

/**
 * POST /contable/emit-dte: emits through the tax gateway (the only component that talks to the SII)
 * and books the sale (docs/research/registry-ledger-accounting.md §3.2 "Issued invoice", see `sale-rules.ts`). Order: empresa -> key
 * claimed and committed -> period open -> gateway -> one transaction with the documento emitido, its
 * entry, the audit record and the key's answer. A gateway error books nothing.
 */
@Injectable()
export class EmisionService {
  private readonly logger = new Logger(EmisionService.name);

  constructor(
    private readonly ds: DataSource,
    private readonly gateway: GatewayClient,
    private readonly claims: EmisionClaims,
    private readonly ledger: LedgerService,
    private readonly cuentas: PlanCuentasService,
    private readonly periodos: PeriodosService,
    private readonly auditoria: AuditoriaService,
  ) {}

  /**
   * @throws 422 `fecha_out_of_range`; 404 empresa; 409 `period_closed` (checked before emitting) | `idempotency_key_reused` |
   *   `idempotency_key_pending`; the gateway's 4xx as is; 502/503/504 when it fails or cannot be reached.
   */
  async emit(dto: EmitDteDto, actor: Actor, key?: string): Promise<IdempotentResult<DocumentoEmitidoView>> {
    const fecha = dto.fecha_emision ?? santiagoDate();
    assertFechaEnRango(fecha, 'fecha_emision');
    const empresa = await requireEmpresa(this.ds.manager, dto.empresa_id);
    if (key !== undefined) {
      const stored = await this.claims.claim(actor, key, empresa.id);
      if (stored) return this.replay(stored, actor, empresa.id);
    }
    let result;
    try {
      await this.periodos.assertOpen(this.ds.manager, empresa.id, fecha);
      // Every field of the gateway's contract goes through as given (forma de pago, discounts, payments, branch, ...).
      const { empresa_id: _empresa, ...documento } = dto;
      result = await this.gateway.emitir({
        ...documento,
        tenant: empresa.rut,
        fecha_emision: fecha,
        receptor: { ...dto.receptor, rut: normalizeRut(dto.receptor.rut) },
      });
    } catch (err) {
      if (key !== undefined) await this.claims.release(actor, key);
      throw err;
    }
    if (!result.ok) {
      if (key !== undefined) {
        // A DTE may exist (folio consumed, or no answer): the failure is the key's final answer, so a
        // retry with this key can never emit a second one.
        if (result.mayHaveEmitted) await this.claims.complete(null, actor, key, problemAnswer(result.problem));
        else await this.claims.release(actor, key);
      }
      throw result.problem;
    }
    return { status: 201, body: await this.record(empresa, dto, fecha, result.emision, actor, key), replayed: false };
  }

  private async replay(stored: StoredAnswer, actor: Actor, empresaId: string): Promise<IdempotentResult<DocumentoEmitidoView>> {
    if (stored.status >= 400) {
      const { detail, error, ...rest } = stored.body as Record<string, unknown>;
      const members = Object.fromEntries(Object.entries(rest).filter(([k]) => !PROBLEM_BASE.has(k)));
      throw new ProblemException(stored.status, String(error), String(detail), { ...members, headers: { 'Idempotent-Replayed': 'true' } });
    }
    const body = stored.body as unknown as DocumentoEmitidoView;
    await this.auditoria.record(null, actor, {
      empresaId,
      accion: 'emitir_dte',
      entidad: 'documento_emitido',
      entidadId: body.id,
      resultado: 'replayed',
    });
    return { status: stored.status, body, replayed: true };
  }

  /**
   * Records the emitted DTE with its entry. The DTE exists at the SII whatever happens here, so when
   * the books refuse the entry (a period closed while the gateway worked, a changed chart) the
   * document is still recorded, without entry, with an `advertencia` and a `sin_asiento:*` audit record.
   */
  private async record(
    empresa: LockedEmpresa,
    dto: EmitDteDto,
    fecha: string,
    e: EmisionGateway,
    actor: Actor,
    key?: string,
  ): Promise<DocumentoEmitidoView> {
    try {
      return await inTransaction(this.ds, (em) => this.insert(em, empresa.id, dto, fecha, e, actor, key, true));
    } catch (err) {
      const error = err instanceof ProblemException ? err.error : 'internal_error';
      this.logger.error(`emission ${e.emision_id} (F${e.folio}T${e.tipo_dte}) emitted but not booked: ${(err as Error).message}`);
      return inTransaction(this.ds, (em) => this.insert(em, empresa.id, dto, fecha, e, actor, key, false, `sin_asiento:${error}`));
    }
  }

  private async insert(
    em: EntityManager,
    empresaId: string,
    dto: EmitDteDto,
    fecha: string,
    e: EmisionGateway,
    actor: Actor,
    key: string | undefined,
    withEntry: boolean,
    refused?: string,
  ): Promise<DocumentoEmitidoView> {
    await lockEmpresa(em, empresaId);
    const m = e.montos;
    const rut = normalizeRut(dto.receptor.rut);
    const [{ id }] = await em.query(
      `INSERT INTO documento_emitido (empresa_id, tipo_dte, folio, fecha_emision, rut_receptor, razon_social_receptor, neto, exento, iva, total,
                                      emision_id, trackid, estado, referencias, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
      [
        empresaId,
        dto.tipo_dte,
        e.folio,
        fecha,
        rut,
        dto.receptor.razon_social,
        m.neto,
        m.exento,
        m.iva,
        m.total,
        e.emision_id,
        e.trackid ?? null,
        e.estado ?? 'uploaded',
        JSON.stringify(dto.referencias ?? []),
        actor.caller,
      ],
    );
    // A gateway answer without impuestos_adicionales (older gateway) has none.
    const adicionales = (m.impuestos_adicionales ?? []).reduce((t, i) => t + i.monto, 0);
    const lines = withEntry ? saleLines(dto.tipo_dte, { ...m, adicionales }) : [];
    if (lines.length > 0) {
      const accounts = await this.cuentas.byRoles(em, empresaId, SALE_ROLES);
      const asiento = await this.ledger.post(
        em,
        empresaId,
        {
          fecha,
          glosa: `${TIPO_DTE_NOMBRE[dto.tipo_dte]} N° ${e.folio} a ${dto.receptor.razon_social} (${rut})`.slice(0, 500),
          origen: 'dte',
          lineas: lines.map((l) => ({ cuenta: accounts[l.rol], debe: l.debe, haber: l.haber, glosa: null })),
        },
        actor,
      );
      await em.query('UPDATE documento_emitido SET asiento_id = $2 WHERE id = $1', [id, asiento.id]);
    }
    await this.auditoria.record(em, actor, {
      empresaId,
      accion: 'emitir_dte',
      entidad: 'documento_emitido',
      entidadId: id,
      resultado: (refused ?? 'ok').slice(0, 64),
    });
    const view = await this.view(em, id);
    if (refused) view.advertencia = `DTE emitted but its entry was refused (${refused.replace('sin_asiento:', '')}); post it manually`;
    if (key !== undefined) await this.claims.complete(em, actor, key, { status: 201, body: view as unknown as Record<string, unknown> });
    return view;
  }

  private async view(em: EntityManager, id: string): Promise<DocumentoEmitidoView> {
    const [r] = await em.query(
      `SELECT d.*, d.fecha_emision::text AS fecha_emision, a.numero AS asiento_numero
         FROM documento_emitido d LEFT JOIN asiento a ON a.id = d.asiento_id WHERE d.id = $1`,
      [id],
    );
    return {
      id: r.id,
      empresa_id: r.empresa_id,
      tipo_dte: r.tipo_dte,
      folio: toPesos(r.folio),
      fecha_emision: r.fecha_emision,
      receptor: { rut: r.rut_receptor, razon_social: r.razon_social_receptor },
      neto: toPesos(r.neto),
      exento: toPesos(r.exento),
      iva: toPesos(r.iva),
      total: toPesos(r.total),
      emision_id: r.emision_id,
      trackid: r.trackid,
      estado: r.estado,
      asiento_id: r.asiento_id,
      asiento_numero: r.asiento_numero ?? null,
    };
  }
}

/** A problem as a stored answer (body without type/title/instance, which the platform adds again). */
function problemAnswer(problem: ProblemException): StoredAnswer {
  const { type: _t, title: _ti, instance: _i, ...body } = problem.getProblem() as unknown as Record<string, unknown>;
  return { status: problem.getStatus(), body };
}
