import { Injectable } from '@nestjs/common';
import { pickFields } from '@lib/platform';
import { randomUUID } from 'node:crypto';
import { ProblemException } from '@lib/schemas';
import { TokenService } from '../auth/token.service';
import { RegistroReclamoClient, type AccionRcv, type DocumentoRcv, type RespuestaRcv } from '../sii/registro-reclamo.client';
import type { RecepcionEventoView, RecepcionEventosView } from './dto/recepcion-rcv.dto';
import { RecepcionEventoEntity } from './entities/recepcion-evento.entity';
import type { RecepcionEntity } from './entities/recepcion.entity';
import { RecepcionService } from './recepcion.service';
import { RecepcionStore } from './recepcion.store';

/** Types RegistroReclamoDTE operates on (manual v1.2, tipoDoc): factura, factura exenta, liquidación factura. */
const TIPOS_RCV = new Set([33, 34, 43]);
/** Ley 19.983 art. 3 as amended by Ley 20.956: 8 calendar days from the SII's reception (manual v1.2). */
const PLAZO_MS = 8 * 24 * 3600 * 1000;
// codResp of ingresarAceptacionReclamoDoc that mean the document's events refuse this one (manual v1.2).
const EVENTO_RECHAZADO = new Set([5, 6, 11, 12, 13, 19]);

/**
 * RCV acceptance and claims (docs/tax-gateway.md "Acceptance and claims in the RCV"; SII "Web Service de Consulta y Registro de
 * Aceptación/Reclamo a DTE recibido" v1.2). Only the event the SII registers has legal effect (Ley 19.983 art. 3), so the 8-day window is
 * the SII's to judge: the gateway's own count only warns.
 */
@Injectable()
export class RecepcionRcvService {
  constructor(
    private readonly store: RecepcionStore,
    private readonly recepciones: RecepcionService,
    private readonly tokens: TokenService,
    private readonly reclamo: RegistroReclamoClient,
  ) {}

  /** Past 8 days by the gateway's count it still asks the SII (whose clock and calendar decide) and answers with `advertencias`. */
  async register(id: string, accion: AccionRcv, motivo: string | null, caller?: string): Promise<RecepcionEventoView> {
    const r = await this.findRcvDocument(id);
    const doc = documento(r);
    const fecha = await this.tokens.withToken(r.tenant, (t) => this.reclamo.getFechaRecepcion(doc, t));
    const plazo = plazoOf(fecha);
    if (!fecha || !plazo) throw noRecibido(id);
    const advertencias =
      Date.now() > plazo.getTime()
        ? [`plazo_expired: by the gateway's clock the 8 days ended at ${plazo.toISOString()}; the SII registered the event`]
        : [];
    const answer = await this.tokens.withToken(r.tenant, (t) => this.reclamo.register(doc, accion, t));
    if (answer.codResp !== 0) throw refused(id, accion, answer, fecha, plazo);
    const evento = Object.assign(new RecepcionEventoEntity(), {
      id: randomUUID(),
      recepcionId: r.id,
      tenant: r.tenant,
      accion,
      motivo,
      descResp: answer.descResp,
      fechaRecepcionSii: fecha,
      caller: caller ?? null,
      createdAt: new Date(),
    });
    await this.store.insertEvento(evento);
    return { ...toRecepcionEventoView(evento), advertencias };
  }

  async listEventos(id: string): Promise<RecepcionEventosView> {
    const r = await this.findRcvDocument(id);
    const doc = documento(r);
    const fecha = await this.tokens.withToken(r.tenant, (t) => this.reclamo.getFechaRecepcion(doc, t));
    const sii = fecha ? await this.tokens.withToken(r.tenant, (t) => this.reclamo.listEventos(doc, t)) : undefined;
    if (sii && ![15, 16, 18].includes(sii.codResp)) {
      throw new ProblemException(502, 'sii_rejected', `The SII refused listarEventosHistDoc: ${sii.descResp} (codResp ${sii.codResp}).`, {
        operation: 'listarEventosHistDoc',
        sii_status: String(sii.codResp),
        sii_details: [sii.descResp],
      });
    }
    const plazo = plazoOf(fecha);
    const registrados = await this.store.listEventos(id);
    return {
      recepcion_id: id,
      fecha_recepcion_sii: fecha?.toISOString() ?? null,
      plazo_hasta: plazo?.toISOString() ?? null,
      plazo_vigente: !!plazo && Date.now() <= plazo.getTime(),
      eventos: sii?.eventos ?? [],
      registrados: registrados.map(toRecepcionEventoView),
    };
  }

  private async findRcvDocument(id: string): Promise<RecepcionEntity> {
    const r = await this.recepciones.findOrThrow(id);
    if (!TIPOS_RCV.has(r.tipoDte)) {
      throw new ProblemException(
        422,
        'tipo_not_applicable',
        `DTE ${id} is of type ${r.tipoDte}; the RCV registers acceptance and claims only for types 33, 34 and 43.`,
      );
    }
    return r;
  }
}

function documento(r: RecepcionEntity): DocumentoRcv {
  return { rutEmisor: r.rutEmisor, tipoDte: r.tipoDte, folio: r.folio };
}

function plazoOf(fecha: Date | undefined): Date | undefined {
  return fecha ? new Date(fecha.getTime() + PLAZO_MS) : undefined;
}

function noRecibido(id: string): ProblemException {
  return new ProblemException(409, 'not_received_by_sii', `The SII has no record of DTE ${id}: the supplier has not sent it to the SII.`);
}

function plazoVencido(id: string, fecha: Date, plazo: Date, sii: Record<string, unknown>): ProblemException {
  return new ProblemException(
    409,
    'plazo_expired',
    `The SII says the 8 days to accept or claim DTE ${id} are over (received by the SII at ${fecha.toISOString()}; ` +
      `8 days by the gateway's count end at ${plazo.toISOString()}).`,
    { fecha_recepcion_sii: fecha.toISOString(), plazo_hasta: plazo.toISOString(), ...sii },
  );
}

function refused(id: string, accion: AccionRcv, answer: RespuestaRcv, fecha: Date, plazo: Date): ProblemException {
  const sii = { sii_cod_resp: answer.codResp, sii_desc_resp: answer.descResp };
  if (answer.codResp === 8) return plazoVencido(id, fecha, plazo, sii);
  if (answer.codResp === 18) return noRecibido(id);
  if (answer.codResp === 7)
    return new ProblemException(409, 'evento_already_registered', `${accion} is already registered for DTE ${id}.`, sii);
  if (answer.codResp === -1)
    return new ProblemException(503, 'sii_unavailable', `The SII could not register ${accion} now: ${answer.descResp}`, sii);
  const status = EVENTO_RECHAZADO.has(answer.codResp) ? 409 : 502;
  const error = status === 409 ? 'evento_refused' : 'sii_rejected';
  return new ProblemException(
    status,
    error,
    `The SII refused ${accion} for DTE ${id}: ${answer.descResp} (codResp ${answer.codResp}).`,
    sii,
  );
}

function toRecepcionEventoView(e: RecepcionEventoEntity): RecepcionEventoView {
  return {
    evento_id: e.id,
    recepcion_id: e.recepcionId,
    ...pickFields(e, 'accion', 'motivo', 'caller'),
    sii_respuesta: e.descResp,
    fecha_recepcion_sii: e.fechaRecepcionSii.toISOString(),
    created_at: e.createdAt.toISOString(),
  };
}
