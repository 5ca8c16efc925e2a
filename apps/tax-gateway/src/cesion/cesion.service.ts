import { Injectable, Logger } from '@nestjs/common';
import { parseAec, resultadoDeAec, santiagoDate, santiagoTimestamp, type CesionInput, type ParteCesionInput } from '@lib/dte';
import { ProblemException } from '@lib/schemas';
import { TokenService } from '../auth/token.service';
import { EmisionContexto, type Contexto } from '../dte/emision-contexto';
import { EmisionStore } from '../dte/emision.store';
import { asDteProblemAsync, withMembers } from '../dte/emision-rules';
import { dteOf } from '../dte/envio-builder';
import type { EmisionEntity } from '../dte/entities/emision.entity';
import { toHistorialView } from '../envio/entities/estado-historial.columns';
import { RegistroReclamoClient } from '../sii/registro-reclamo.client';
import { RpetcClient } from '../sii/rpetc.client';
import { EnvioPipeline } from '../envio/envio-pipeline';
import { AecFirmado } from './aec-firmado';
import { checkCedible, declaracionJurada } from './cesion-rules';
import { CesionStore } from './cesion.store';
import type { CederDto, CesionView } from './dto/cesion.dto';
import { CesionEntity } from './entities/cesion.entity';
import { newCesion, toCesionView } from './cesion-vista';

const DIAS_VENCIMIENTO = 30;

/** What the registry refuses (INS §4), answered 422 before anything is signed: MontoCesion above the total, a due date before FchEmis. */
function checkMontos(c: CesionInput): void {
  if (c.monto > c.id_dte.monto_total) {
    throw new ProblemException(
      422,
      'monto_cesion_exceeds_total',
      `monto ${c.monto} is above the document's total ${c.id_dte.monto_total}.`,
      {
        errors: [{ field: 'monto', message: `at most ${c.id_dte.monto_total}` }],
      },
    );
  }
  if (c.ultimo_vencimiento < c.id_dte.fecha_emision) {
    const message = `not before the document's date ${c.id_dte.fecha_emision}`;
    throw new ProblemException(422, 'vencimiento_before_emision', `ultimo_vencimiento ${c.ultimo_vencimiento} is ${message}.`, {
      errors: [{ field: 'ultimo_vencimiento', message }],
    });
  }
}

/**
 * Cesión of facturas to factoring companies (docs/tax-gateway.md "Cesión"; docs/research/cesion.md): the tenant assigns one of
 * its own documents, or one it holds by a cesión (an AEC built, signed, uploaded to RTCAnotEnvio and followed with getEstEnvio
 * by the reconciler); a received AEC (cesion-recibida.ts) is followed with getEstCesionRelac.
 */
@Injectable()
export class CesionService {
  private readonly logger = new Logger(CesionService.name);

  constructor(
    private readonly store: CesionStore,
    private readonly emisiones: EmisionStore,
    private readonly contexto: EmisionContexto,
    private readonly aec: AecFirmado,
    private readonly tokens: TokenService,
    private readonly reclamo: RegistroReclamoClient,
    private readonly rpetc: RpetcClient,
    private readonly pipeline: EnvioPipeline,
  ) {}

  async ceder(dto: CederDto, caller?: string): Promise<CesionView> {
    if (dto.rut_emisor && dto.rut_emisor !== dto.tenant) return this.reasignar(dto, dto.rut_emisor, caller);
    const emision = await this.emisiones.findIssued(dto.tenant, dto.tipo_dte, dto.folio);
    if (!emision)
      throw new ProblemException(404, 'emision_not_found', `The tenant issued no tipo_dte ${dto.tipo_dte} N° ${dto.folio} here.`);
    const doc = { rutEmisor: dto.tenant, tipoDte: dto.tipo_dte, folio: dto.folio };
    const anteriores = await this.store.listVigentes(dto.tenant, doc);
    if (anteriores.length > 0) {
      throw new ProblemException(
        409,
        'cesion_already_registered',
        `The document is already assigned (cesión ${anteriores[0].id}, ${anteriores[0].estado}).`,
      );
    }
    await this.checkCedible(emision, dto.declaracion_jurada === true);
    const input = await this.cesionInput(dto, emision);
    checkMontos(input);
    // The stored DTE is the gateway's own: a fault reading it is its own (500), not the caller's 422 `dte_invalid`.
    const dte = dteOf(emision.xml, emision).xml;
    const xml = await asDteProblemAsync(() => this.aec.build(dte, input, { email: dto.email }));
    return this.guardarYSubir(newCesion(dto.tenant, 'cedente', input, xml, 'signed', caller), dto.email);
  }

  /**
   * The tenant, holder of a document it received by an AEC, assigns it on (SeqCesion n + 1): it must hold it now (its received
   * AEC registered and the registry naming it RUT_TENEDOR: 409 `cesion_not_current`); the new AEC carries the DTECedido and the
   * earlier cesiones byte for byte, and the DeclaracionJurada again when the last one had it (INS §4).
   */
  private async reasignar(dto: CederDto, rutEmisor: string, caller?: string): Promise<CesionView> {
    const doc = { rutEmisor, tipoDte: dto.tipo_dte, folio: dto.folio };
    const vigentes = await this.store.listVigentes(dto.tenant, doc);
    const recibida = vigentes.filter((c) => c.rol === 'cesionario' && c.resultado === 'aceptado').pop();
    if (recibida && vigentes.some((c) => c.rol === 'cedente' && c.seq > recibida.seq)) {
      throw new ProblemException(409, 'cesion_already_registered', 'The tenant already assigned this document on.');
    }
    const registrada = recibida && (await this.tokens.withToken(dto.tenant, (t) => this.rpetc.getEstCesionRelac(doc, dto.tenant, t)));
    if (!recibida || registrada?.tenedor !== dto.tenant) {
      throw new ProblemException(
        409,
        'cesion_not_current',
        `The tenant does not hold tipo_dte ${dto.tipo_dte} N° ${dto.folio} of ${rutEmisor}.`,
      );
    }
    const aec = parseAec(recibida.xml);
    const ultima = aec.cesiones[aec.cesiones.length - 1];
    const ctx = await this.contexto.load(dto.tenant);
    const cedente = { ...this.cedente(dto, ctx), autorizados: dto.autorizados ?? [this.titular(ctx)] };
    const deudor = { rut: ultima.id_dte.rut_receptor, razon_social: aec.dte.receptor.razon_social };
    const input: CesionInput = {
      seq: ultima.seq + 1,
      id_dte: ultima.id_dte,
      cedente: {
        ...cedente,
        ...(ultima.cedente.declaracion_jurada || dto.declaracion_jurada
          ? { declaracion_jurada: declaracionJurada({ cedente, cesionario: dto.cesionario, deudor }) }
          : {}),
      },
      cesionario: { ...dto.cesionario },
      monto: dto.monto ?? ultima.monto,
      ultimo_vencimiento: dto.ultimo_vencimiento ?? ultima.ultimo_vencimiento,
      ...(dto.otras_condiciones ? { otras_condiciones: dto.otras_condiciones } : {}),
      tmst_cesion: santiagoTimestamp(),
    };
    checkMontos(input);
    const xml = await asDteProblemAsync(() => this.aec.rebuild(aec.partes.dte_cedido, aec.partes.cesiones, input, { email: dto.email }));
    return this.guardarYSubir(newCesion(dto.tenant, 'cedente', input, xml, 'signed', caller), dto.email);
  }

  private async guardarYSubir(entity: CesionEntity, email: string): Promise<CesionView> {
    if (!(await this.store.insert(entity)))
      throw new ProblemException(409, 'cesion_already_registered', 'The document is already being assigned.');
    this.logger.log(
      `cesión ${entity.id}: ${entity.rutEmisor} T${entity.tipoDte}F${entity.folio} seq ${entity.seq} to ${entity.rutCesionario} signed`,
    );
    await this.upload(entity, email);
    return this.get(entity.id);
  }

  /** The tenant as cedente: its legal name and address as the SII records them (422 `taxpayer_incomplete` without one). */
  private cedente(dto: CederDto, ctx: Contexto): ParteCesionInput {
    const direccion = [ctx.record.direccion, ctx.record.comuna].filter(Boolean).join(', ');
    if (direccion.trim().length < 5) {
      throw new ProblemException(
        422,
        'taxpayer_incomplete',
        `The SII data of ${dto.tenant} lacks the address the cesión names (Cedente/Direccion).`,
      );
    }
    return { rut: dto.tenant, razon_social: ctx.record.razon_social.slice(0, 100), direccion, email: dto.email };
  }

  /** The signing certificate's holder, who signs when the request names no one. */
  private titular(ctx: Contexto): { rut: string; nombre: string } {
    return { rut: ctx.cert.holder_rut, nombre: ctx.cert.subject.match(/CN=([^,/]+)/)?.[1]?.trim() ?? ctx.cert.holder_rut };
  }

  /**
   * POST /tax/cesion/{id}/reenviar: an assigned AEC never sent or whose upload failed, sent again (the same bytes); 404
   * `cesion_not_found`, 409 `not_resendable` in any other state.
   */
  async reenviarPorId(id: string): Promise<CesionView> {
    const c = await this.store.find(id);
    if (!c) throw new ProblemException(404, 'cesion_not_found', `No cesión ${id}.`);
    if (c.rol !== 'cedente' || !['signed', 'upload_failed'].includes(c.estado)) {
      throw new ProblemException(
        409,
        'not_resendable',
        `Cesión ${id} is ${c.estado}: only one never sent or whose upload failed is sent again.`,
      );
    }
    await this.reenviar(c);
    return this.get(id);
  }

  /**
   * An upload of the stored AEC from its present state (`signed`, `upload_failed`, or `uploading` left by a process that
   * died): the same bytes, to the e-mail the file's last Cedente names.
   */
  async reenviar(c: CesionEntity): Promise<void> {
    const email = parseAec(c.xml).cesiones.at(-1)?.cedente.email ?? '';
    await this.upload(c, email, [c.estado]);
  }

  /** RTCAnotEnvio with the tenant's token; a failure leaves `upload_failed` with the problem, and answers it with the `cesion_id`. */
  private async upload(c: CesionEntity, email: string, from: readonly string[] = ['signed', 'upload_failed']): Promise<void> {
    const claimed = await this.store.claimForUpload(c.id, from);
    if (!claimed) return;
    try {
      const file = { rutCedente: c.rutCedente, email, filename: `AEC_${c.tipoDte}_${c.folio}_${c.seq}.xml`, file: c.xml };
      const trackid = await this.tokens.withToken(c.tenant, (token) => this.rpetc.upload({ ...file, token }));
      await this.store.transition(c.id, 'uploaded', { trackid, error: null });
    } catch (err) {
      // The pipeline's words: `signed` when it never left (an open breaker), `upload_failed` when it may have reached the SII.
      const fallo = this.pipeline.failureOf(err);
      await this.store.transition(c.id, fallo.estado, { error: fallo.body }, fallo.body);
      throw withMembers(fallo.problem, { cesion_id: c.id });
    }
  }

  /** The receipt and claims of the document at the SII (registro reclamo) judged by {@link checkCedible}. */
  private async checkCedible(e: EmisionEntity, declarada: boolean): Promise<void> {
    const doc = { rutEmisor: e.tenant, tipoDte: e.tipoDte, folio: e.folio };
    const recibido = await this.tokens.withToken(e.tenant, (t) => this.reclamo.getFechaRecepcion(doc, t));
    const { eventos } = recibido ? await this.tokens.withToken(e.tenant, (t) => this.reclamo.listEventos(doc, t)) : { eventos: [] };
    checkCedible({ tipoDte: e.tipoDte, resultado: e.resultado, eventos, recibidoPorSii: recibido }, new Date(), declarada);
  }

  private async cesionInput(dto: CederDto, e: EmisionEntity): Promise<CesionInput> {
    const ctx = await this.contexto.load(dto.tenant);
    const cedente = this.cedente(dto, ctx);
    const deudor = { rut: e.receptorRut, razon_social: e.receptorRazonSocial };
    const vencimiento =
      dto.ultimo_vencimiento ?? santiagoDate(new Date(Date.parse(`${e.fechaEmision}T16:00:00Z`) + DIAS_VENCIMIENTO * 86_400_000));
    return {
      seq: 1,
      id_dte: {
        tipo_dte: e.tipoDte,
        rut_emisor: e.tenant,
        rut_receptor: e.receptorRut,
        folio: e.folio,
        fecha_emision: e.fechaEmision,
        monto_total: e.total,
      },
      cedente: {
        ...cedente,
        autorizados: dto.autorizados ?? [this.titular(ctx)],
        ...(dto.declaracion_jurada ? { declaracion_jurada: declaracionJurada({ cedente, cesionario: dto.cesionario, deudor }) } : {}),
      },
      cesionario: { ...dto.cesionario },
      monto: dto.monto ?? e.total,
      ultimo_vencimiento: vencimiento,
      ...(dto.otras_condiciones ? { otras_condiciones: dto.otras_condiciones } : {}),
      ...(dto.email_deudor ? { email_deudor: dto.email_deudor } : {}),
      tmst_cesion: santiagoTimestamp(),
    };
  }

  /** One step of the registry's judgement: getEstEnvio for an AEC sent, getEstCesionRelac for one received. */
  async follow(c: CesionEntity): Promise<void> {
    if (c.rol === 'cedente') {
      const e = await this.tokens.withToken(c.tenant, (t) => this.rpetc.getEstEnvio(c.trackid as string, t));
      await this.store.transition(c.id, e.estado, { glosa: e.glosa, resultado: resultadoDeAec(e.estado) });
      return;
    }
    const doc = { rutEmisor: c.rutEmisor, tipoDte: c.tipoDte, folio: c.folio };
    const registrada = await this.tokens.withToken(c.tenant, (t) => this.rpetc.getEstCesionRelac(doc, c.tenant, t));
    if (registrada?.tenedor === c.tenant) {
      await this.store.transition(c.id, 'EOK', { glosa: 'Cesion registrada', resultado: 'aceptado' });
    } else if (registrada) {
      // Another company holds it at the registry: this AEC does not (or no longer does) make the tenant the holder.
      await this.store.transition(c.id, 'recibido', {
        glosa: `El registro nombra tenedor a ${registrada.tenedor}`,
        resultado: 'rechazado',
      });
    } else {
      // Not registered yet: asked again at a later pass, after the others (its updated_at moves).
      await this.store.transition(c.id, 'recibido');
    }
  }

  async get(id: string): Promise<CesionView> {
    const c = await this.store.find(id);
    if (!c) throw new ProblemException(404, 'cesion_not_found', `No cesión ${id}.`);
    return toCesionView(c, (await this.store.listHistory(id)).map(toHistorialView));
  }
}
