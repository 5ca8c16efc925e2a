import { Injectable, Logger } from '@nestjs/common';
import { normalizeRut } from '@lib/rut';
import { ProblemException, assertFechaEnRango } from '@lib/schemas';
import { santiagoDate } from '@lib/dte';
import { Actor } from '../common/actor';
import { LockedEmpresa, Tx } from '../common/accounting.store';
import { toPesos } from '../common/money';
import { IdempotentResult } from '../common/idempotent-reply';
import { LedgerService } from '../asientos/ledger.service';
import { AuditoriaService } from '../auditoria/auditoria.service';
import { TIPO_DTE_NOMBRE } from '../dte-recepcion/booking-rules';
import { EmisionGateway } from '../gateway/emitir.types';
import { GatewayClient } from '../gateway/gateway.client';
import { PeriodosService } from '../periodos/periodos.service';
import { PlanCuentasService } from '../plan-cuentas/plan-cuentas.service';
import { EmitDteDto } from './dto/emit-dte.dto';
import { EmisionClaims, StoredAnswer } from './emision-claims';
import { DocumentoRow, EmisionStore } from './emision.store';
import { SALE_ROLES, saleLines } from './sale-rules';
import { DocumentoEmitidoView } from './dto/documento-emitido.view';

const PROBLEM_BASE = new Set(['type', 'title', 'status', 'detail', 'error', 'instance']);

/**
 * Emits through the tax gateway and books the sale (docs/research/registry-ledger-accounting.md §3.2, `sale-rules.ts`).
 * Order: empresa -> key claimed and committed -> period open -> gateway -> one transaction with the
 * documento emitido, its entry, the audit record and the key's answer. A gateway error books nothing.
 */
@Injectable()
export class EmisionService {
  private readonly logger = new Logger(EmisionService.name);

  constructor(
    private readonly store: EmisionStore,
    private readonly gateway: GatewayClient,
    private readonly claims: EmisionClaims,
    private readonly ledger: LedgerService,
    private readonly cuentas: PlanCuentasService,
    private readonly periodos: PeriodosService,
    private readonly auditoria: AuditoriaService,
  ) {}

  async emit(dto: EmitDteDto, actor: Actor, key?: string): Promise<IdempotentResult<DocumentoEmitidoView>> {
    const fecha = dto.fecha_emision ?? santiagoDate();
    assertFechaEnRango(fecha, 'fecha_emision');
    const empresa = await this.store.requireEmpresa(dto.empresa_id);
    if (key !== undefined) {
      const stored = await this.claims.claim(actor, key, empresa.id);
      if (stored) return this.replay(stored, actor, empresa.id);
    }
    let result;
    try {
      await this.periodos.assertOpen(undefined, empresa.id, fecha);
      // Every field of the gateway's contract goes through as given.
      const { empresa_id: _empresa, ...documento } = dto;
      result = await this.gateway.emit({
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
        // A DTE may exist: the failure is the key's final answer, so a retry can never emit a second one.
        if (result.mayHaveEmitted) await this.claims.complete(null, actor, key, toStoredAnswer(result.problem));
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
   * The DTE exists at the SII whatever happens here: when the books refuse the entry, the document is
   * still recorded, without entry, with an `advertencia` and a `sin_asiento:*` audit record.
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
      return await this.store.transaction((tx) => this.insert(tx, empresa.id, dto, fecha, e, actor, key, true));
    } catch (err) {
      const error = err instanceof ProblemException ? err.error : 'internal_error';
      this.logger.error(`emission ${e.emision_id} (F${e.folio}T${e.tipo_dte}) emitted but not booked: ${(err as Error).message}`);
      return this.store.transaction((tx) => this.insert(tx, empresa.id, dto, fecha, e, actor, key, false, `sin_asiento:${error}`));
    }
  }

  private async insert(
    tx: Tx,
    empresaId: string,
    dto: EmitDteDto,
    fecha: string,
    e: EmisionGateway,
    actor: Actor,
    key: string | undefined,
    withEntry: boolean,
    refused?: string,
  ): Promise<DocumentoEmitidoView> {
    await this.store.lockEmpresa(tx, empresaId);
    const m = e.montos;
    const rut = normalizeRut(dto.receptor.rut);
    const id = await this.store.insertDocumento(tx, {
      empresaId,
      tipoDte: dto.tipo_dte,
      folio: e.folio,
      fecha,
      rutReceptor: rut,
      razonSocialReceptor: dto.receptor.razon_social,
      montos: m,
      emisionId: e.emision_id,
      trackid: e.trackid ?? null,
      estado: e.estado ?? 'uploaded',
      referencias: dto.referencias ?? [],
      createdBy: actor.caller,
    });
    // An older gateway sends no impuestos_adicionales.
    const adicionales = (m.impuestos_adicionales ?? []).reduce((t, i) => t + i.monto, 0);
    const lines = withEntry ? saleLines(dto.tipo_dte, { ...m, adicionales }) : [];
    if (lines.length > 0) {
      const accounts = await this.cuentas.byRoles(tx, empresaId, SALE_ROLES);
      const asiento = await this.ledger.post(
        tx,
        empresaId,
        {
          fecha,
          glosa: `${TIPO_DTE_NOMBRE[dto.tipo_dte]} N° ${e.folio} a ${dto.receptor.razon_social} (${rut})`.slice(0, 500),
          origen: 'dte',
          lineas: lines.map((l) => ({ cuenta: accounts[l.rol], debe: l.debe, haber: l.haber, glosa: null })),
        },
        actor,
      );
      await this.store.setAsiento(tx, id, asiento.id);
    }
    await this.auditoria.record(tx, actor, {
      empresaId,
      accion: 'emitir_dte',
      entidad: 'documento_emitido',
      entidadId: id,
      resultado: (refused ?? 'ok').slice(0, 64),
    });
    const view = toDocumentoEmitidoView(await this.store.documento(tx, id));
    if (refused) view.advertencia = `DTE emitted but its entry was refused (${refused.replace('sin_asiento:', '')}); post it manually`;
    if (key !== undefined) await this.claims.complete(tx, actor, key, { status: 201, body: view as unknown as Record<string, unknown> });
    return view;
  }
}

function toDocumentoEmitidoView(r: DocumentoRow): DocumentoEmitidoView {
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
    resultado: r.resultado,
    asiento_id: r.asiento_id,
    asiento_numero: r.asiento_numero ?? null,
  };
}

/** The body without type/title/instance, which the platform adds again. */
function toStoredAnswer(problem: ProblemException): StoredAnswer {
  return { status: problem.getStatus(), body: problem.toRecord() };
}
