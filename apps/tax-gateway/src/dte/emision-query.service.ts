import { EmisionDetailView } from '@lib/contracts';
import { Injectable } from '@nestjs/common';
import { TIPOS_BOLETA, resultadoDeEnvio } from '@lib/dte';
import { ProblemException } from '@lib/schemas';
import { TokenService } from '../auth/token.service';
import { SiiClient, type EstDteQuery } from '../sii/sii-client';
import { BoletaClient } from '../sii/boleta.client';
import { EnvioPipeline } from '../envio/envio-pipeline';
import { toHistorialView } from '../envio/entities/estado-historial.columns';
import { DteEstadoView, MotivoPendiente, PendientesView } from './dto/emision.dto';
import { EmisionEntity, toMontosView, toReceptorView } from './entities/emision.entity';
import { EmisionStore } from './emision.store';

/** QueryEstDte questions for one document before FAU (not registered) is taken as the answer. */
export const MAX_CONSULTAS = 8;

/** GET /tax/dte/estado (QueryEstUp, updating the stored emission), GET /tax/dte/get/{id} and GET /tax/dte/pending. */
@Injectable()
export class EmisionQueryService {
  constructor(
    private readonly sii: SiiClient,
    private readonly boletas: BoletaClient,
    private readonly tokens: TokenService,
    private readonly store: EmisionStore,
    private readonly pipeline: EnvioPipeline,
  ) {}

  /** QueryEstUp of an EnvioDTE; 409 `boleta_envio` for an EnvioBOLETA's trackid, which the boleta service answers (GET /tax/boleta/estado). */
  async refreshEstado(tenant: string, trackid: string): Promise<DteEstadoView> {
    const emisiones = await this.store.findByTrackid(tenant, trackid);
    if (emisiones.some((e) => (TIPOS_BOLETA as readonly number[]).includes(e.tipoDte))) {
      throw new ProblemException(409, 'trackid_of_boleta_envio', `Trackid ${trackid} is an EnvioBOLETA: ask GET /tax/boleta/estado.`);
    }
    const answer = await this.pipeline.queryEstado(tenant, trackid);
    for (const emission of emisiones) {
      await this.store.transition(emission.id, answer.estado, {
        glosa: answer.glosa || null,
        documentos: answer.documentos,
        resultado: resultadoDeEnvio(answer.estado, answer.documentos, emission.tipoDte),
      });
    }
    return { trackid: answer.trackid, estado: answer.estado, glosa: answer.glosa, documentos: answer.documentos };
  }

  /**
   * An answer other than FAU (not registered yet) is kept; FAU is asked again with a doubling delay from `baseSeconds` (at most 6 h) and
   * kept after {@link MAX_CONSULTAS} questions.
   */
  async confirm(e: EmisionEntity, baseSeconds: number): Promise<string | null> {
    const q = estDteQueryOf(e, e.rutEnvia);
    // A boleta's registration is the boleta service's own question, with its own token (docs/research/boletas.md §1.5).
    const answer = (TIPOS_BOLETA as readonly number[]).includes(e.tipoDte)
      ? await this.tokens.withToken(e.tenant, (token) => this.boletas.getEstadoBoleta(q, token), 'boleta')
      : await this.tokens.withToken(e.tenant, (token) => this.sii.getEstDte(q, token));
    const consultas = e.consultas + 1;
    if (answer.estado === 'FAU' && consultas < MAX_CONSULTAS) {
      const delay = Math.min(baseSeconds * 2 ** (consultas - 1), 6 * 3600);
      await this.store.recordConfirmation(e.id, { consultas, proximaConsulta: new Date(Date.now() + delay * 1000) });
      return null;
    }
    await this.store.recordConfirmation(e.id, {
      consultas,
      proximaConsulta: null,
      estadoSii: answer.estado,
      estadoSiiGlosa: answer.glosa || null,
    });
    return answer.estado;
  }

  async get(id: string): Promise<EmisionDetailView> {
    const e = await this.store.find(id);
    if (!e) throw new ProblemException(404, 'emission_not_found', `No emission ${id}.`);
    const history = await this.store.listHistory(id);
    return {
      emision_id: e.id,
      tenant: e.tenant,
      tipo_dte: e.tipoDte,
      folio: e.folio,
      fecha_emision: e.fechaEmision,
      receptor: toReceptorView(e),
      trackid: e.trackid,
      estado: e.estado,
      glosa: e.glosa,
      montos: toMontosView(e),
      xml_base64: e.xml.toString('base64'),
      documentos: (e.documentos as EmisionDetailView['documentos']) ?? null,
      resultado: e.resultado,
      estado_sii: e.estadoSii,
      estado_sii_glosa: e.estadoSiiGlosa,
      error: e.error,
      historial: history.map(toHistorialView),
      created_at: e.createdAt.toISOString(),
      updated_at: e.updatedAt.toISOString(),
      uploaded_at: e.uploadedAt ? e.uploadedAt.toISOString() : null,
    };
  }

  async pending(tenant: string, tipoDte?: number): Promise<PendientesView> {
    const rows = await this.store.listPending(tenant, tipoDte);
    return {
      pendientes: rows.map((e) => ({
        emision_id: e.id,
        tipo_dte: e.tipoDte,
        folio: e.folio,
        fecha_emision: e.fechaEmision,
        estado: e.estado,
        motivo: motivoOf(e),
        detalle: detalleOf(e),
        trackid: e.trackid,
        created_at: e.createdAt.toISOString(),
        updated_at: e.updatedAt.toISOString(),
      })),
    };
  }
}

function motivoOf(e: EmisionEntity): MotivoPendiente {
  if (e.estado === 'signed' || e.estado === 'uploading') return 'not_sent';
  return e.estado === 'upload_failed' ? 'upload_failed' : 'rejected';
}

function detalleOf(e: EmisionEntity): string | null {
  const detail = e.error?.['detail'];
  if (e.estado === 'upload_failed' && typeof detail === 'string') return detail;
  return e.glosa;
}

/** The getEstDte question about an emitted document, asked by the certificate holder `rutConsultante`. */
export function estDteQueryOf(e: EmisionEntity, rutConsultante: string): EstDteQuery {
  return {
    rutConsultante,
    rutCompany: e.tenant,
    rutReceptor: e.receptorRut,
    tipoDte: e.tipoDte,
    folio: e.folio,
    fechaEmision: e.fechaEmision,
    montoTotal: e.total,
  };
}
