import { Injectable, Logger } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { parseAec, santiagoDate, santiagoTimestamp, resultadoDeAec, validateXsd, type AecLeido, type CesionInput } from '@lib/dte';
import { ProblemException } from '@lib/schemas';
import { TokenService } from '../auth/token.service';
import { EmisionContexto } from '../dte/emision-contexto';
import { EmisionStore } from '../dte/emision.store';
import { dteOf } from '../dte/envio-builder';
import type { EmisionEntity } from '../dte/entities/emision.entity';
import { toHistorialView } from '../envio/entities/estado-historial.columns';
import { SignerClient } from '../signer/signer-client';
import { RegistroReclamoClient } from '../sii/registro-reclamo.client';
import { RpetcClient } from '../sii/rpetc.client';
import { AecFirmado } from './aec-firmado';
import { checkCedible, declaracionJurada } from './cesion-rules';
import { CesionStore } from './cesion.store';
import type { CederDto, CesionView, RecibirAecDto } from './dto/cesion.dto';
import { CesionEntity } from './entities/cesion.entity';

const DIAS_VENCIMIENTO = 30;

/**
 * Cesión of facturas to factoring companies (docs/tax-gateway.md "Cesión"; docs/research/cesion.md): the tenant assigns one of
 * its own documents (an AEC built, signed, uploaded to RTCAnotEnvio and followed with getEstEnvio by the reconciler), or
 * receives an AEC as cesionario (checked, kept, and confirmed with getEstCesionRelac).
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
    private readonly signer: SignerClient,
  ) {}

  async ceder(dto: CederDto, caller?: string): Promise<CesionView> {
    const emision = await this.emisiones.findIssued(dto.tenant, dto.tipo_dte, dto.folio);
    if (!emision)
      throw new ProblemException(404, 'emision_not_found', `The tenant issued no tipo_dte ${dto.tipo_dte} N° ${dto.folio} here.`);
    const doc = { rutEmisor: dto.tenant, tipoDte: dto.tipo_dte, folio: dto.folio };
    const anteriores = await this.store.listVigentes(dto.tenant, doc);
    if (anteriores.length > 0) {
      throw new ProblemException(
        409,
        'cesion_existente',
        `The document is already assigned (cesión ${anteriores[0].id}, ${anteriores[0].estado}).`,
      );
    }
    await this.checkCedible(emision, dto.declaracion_jurada === true);
    const input = await this.cesionInput(dto, emision);
    const xml = await this.aec.build(dteOf(emision.xml, emision).xml, input, { email: dto.email });
    const entity = newCesion(dto.tenant, 'cedente', input, xml, 'signed', caller);
    if (!(await this.store.insert(entity))) throw new ProblemException(409, 'cesion_existente', 'The document is already being assigned.');
    this.logger.log(`cesión ${entity.id}: ${dto.tenant} T${dto.tipo_dte}F${dto.folio} to ${input.cesionario.rut} signed`);
    await this.upload(entity, dto.email);
    return this.get(entity.id);
  }

  /** RTCAnotEnvio with the tenant's token; a failure leaves `upload_failed` with the problem, and answers it. */
  private async upload(c: CesionEntity, email: string): Promise<void> {
    const claimed = await this.store.claimForUpload(c.id, ['signed', 'upload_failed']);
    if (!claimed) return;
    try {
      const file = { rutCedente: c.rutCedente, email, filename: `AEC_${c.tipoDte}_${c.folio}_${c.seq}.xml`, file: c.xml };
      const trackid = await this.tokens.withToken(c.tenant, (token) => this.rpetc.upload({ ...file, token }));
      await this.store.transition(c.id, 'uploaded', { trackid, error: null });
    } catch (err) {
      if (!(err instanceof ProblemException)) throw err;
      const { type: _t, title: _ti, instance: _i, ...body } = err.getProblem();
      await this.store.transition(c.id, 'upload_failed', { error: body }, body);
      throw err;
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
    const direccion = [ctx.record.direccion, ctx.record.comuna].filter(Boolean).join(', ') || dto.cesionario.direccion;
    const cedente = { rut: dto.tenant, razon_social: ctx.record.razon_social.slice(0, 100), direccion, email: dto.email };
    const deudor = { rut: e.receptorRut, razon_social: e.receptorRazonSocial };
    const vencimiento =
      dto.ultimo_vencimiento ?? santiagoDate(new Date(Date.parse(`${e.fechaEmision}T16:00:00Z`) + DIAS_VENCIMIENTO * 86_400_000));
    const titular = ctx.cert.subject.match(/CN=([^,/]+)/)?.[1]?.trim() ?? ctx.cert.holder_rut;
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
        autorizados: dto.autorizados ?? [{ rut: ctx.cert.holder_rut, nombre: titular }],
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

  /**
   * An AEC assigning a document to the tenant: valid against AEC_v10.xsd (422 `aec_invalid`), its last cesión's cesionario
   * the tenant (422 `cesionario_distinto`), the outer signature valid (422 `aec_firma_invalida`); kept `recibido`, then EOK
   * once the registry names the tenant the holder (getEstCesionRelac, now and by the reconciler).
   */
  async recibir(dto: RecibirAecDto, caller?: string): Promise<CesionView> {
    const bytes = Buffer.from(dto.aec_base64, 'base64');
    const aec = await this.leer(bytes);
    const ultima = aec.cesiones[aec.cesiones.length - 1];
    if (ultima.cesionario.rut !== dto.tenant || aec.rut_cesionario !== dto.tenant) {
      throw new ProblemException(
        422,
        'cesionario_distinto',
        `The AEC assigns the document to ${ultima.cesionario.rut}, not to ${dto.tenant}.`,
      );
    }
    const id = /<DocumentoAEC[^>]*\sID="([^"]+)"/.exec(aec.xml)?.[1];
    const firma = id ? await this.signer.verifyXml(bytes, `#${id}`) : { valid: false, reasons: ['no DocumentoAEC ID'] };
    if (!firma.valid)
      throw new ProblemException(422, 'aec_firma_invalida', `The AEC's signature does not verify: ${firma.reasons.join('; ')}.`);
    const input = {
      ...ultima,
      cedente: { ...ultima.cedente, direccion: '', autorizados: [] },
      cesionario: { ...ultima.cesionario, direccion: '', email: '' },
    };
    const entity = newCesion(dto.tenant, 'cesionario', input as unknown as CesionInput, bytes, 'recibido', caller);
    if (!(await this.store.insert(entity))) throw new ProblemException(409, 'cesion_existente', 'The tenant already holds this cesión.');
    await this.follow(entity);
    return this.get(entity.id);
  }

  private async leer(bytes: Buffer): Promise<AecLeido> {
    const check = await validateXsd(bytes, 'AEC');
    if (!check.valid)
      throw new ProblemException(422, 'aec_invalid', 'The file is not a valid AEC (AEC_v10.xsd).', {
        xsd_errors: check.errors.slice(0, 20),
      });
    try {
      return parseAec(bytes);
    } catch (err) {
      throw new ProblemException(422, 'aec_invalid', `The file is not a readable AEC: ${(err as Error).message}`);
    }
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
    if (registrada?.tenedor === c.tenant) await this.store.transition(c.id, 'EOK', { glosa: 'Cesion registrada', resultado: 'aceptado' });
  }

  async get(id: string): Promise<CesionView> {
    const c = await this.store.find(id);
    if (!c) throw new ProblemException(404, 'cesion_not_found', `No cesión ${id}.`);
    return toCesionView(c, (await this.store.listHistory(id)).map(toHistorialView));
  }
}

function newCesion(
  tenant: string,
  rol: 'cedente' | 'cesionario',
  c: CesionInput,
  xml: Buffer,
  estado: string,
  caller?: string,
): CesionEntity {
  return Object.assign(new CesionEntity(), {
    id: randomUUID(),
    tenant,
    rol,
    rutEmisor: c.id_dte.rut_emisor,
    tipoDte: c.id_dte.tipo_dte,
    folio: c.id_dte.folio,
    seq: c.seq,
    rutCedente: c.cedente.rut,
    rutCesionario: c.cesionario.rut,
    razonSocialCesionario: c.cesionario.razon_social.slice(0, 100),
    monto: c.monto,
    ultimoVencimiento: c.ultimo_vencimiento,
    estado,
    glosa: null,
    resultado: 'pendiente',
    trackid: null,
    xml,
    xmlSha256: createHash('sha256').update(xml).digest('hex'),
    error: null,
    caller: caller ?? null,
  });
}

function toCesionView(c: CesionEntity, historial: CesionView['historial']): CesionView {
  return {
    cesion_id: c.id,
    rol: c.rol,
    rut_emisor: c.rutEmisor,
    tipo_dte: c.tipoDte,
    folio: c.folio,
    seq: c.seq,
    rut_cedente: c.rutCedente,
    rut_cesionario: c.rutCesionario,
    razon_social_cesionario: c.razonSocialCesionario,
    monto: c.monto,
    ultimo_vencimiento: c.ultimoVencimiento,
    estado: c.estado,
    glosa: c.glosa,
    resultado: c.resultado,
    trackid: c.trackid,
    historial,
  };
}
