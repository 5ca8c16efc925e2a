// Test support, not the stand-in: builds DTEs with libs/dte as the gateway does and has the real dev signer stamp and sign them,
// so a spec can break one rule of a valid document and upload it. Hence exempt from the stand-in's import rule (eslint.config.mjs).
import {
  buildDd,
  buildDte,
  buildEnvioDte,
  buildTed,
  ddInputFromDocumento,
  santiagoDate,
  santiagoTimestamp,
  type CaratulaInput,
  type DocumentoInput,
  SII_RUT,
} from '@lib/dte';
import { startDevSigner, type DevSignerHandle } from '@lib/testing';
import { SiiFakeAuthority, type SiiFakeOptions } from '../authority';
import type { UploadedDocument } from '../types';
import { soapInner, soapRequest, tag } from '../../test/helpers';
import { EMISOR, documento, rutFields, uploadForm } from '../../test/envio';

export { EMISOR };
const SII = 'https://maullin.sii.cl';
const LATIN1_DECLARATION = '<?xml version="1.0" encoding="ISO-8859-1"?>\n';

/** Edits breaking one rule at one stage: `dte` before the DD stamp, `timbrado` before the XMLDSig (breaks the TED), `envio`. */
export interface Edits {
  dte?: (xml: string) => string;
  timbrado?: (xml: string) => string;
  envio?: (xml: string) => string;
  caratula?: Partial<CaratulaInput>;
}

export interface Subida {
  status: number;
  trackId?: string;
  errors: string[];
}

/** QueryEstUp's ESTADO, GLOSA and counts at the final state, and the document's result. */
export interface Resultado {
  estado?: string;
  glosa?: string;
  aceptados?: number;
  rechazados?: number;
  reparos?: number;
  documento?: Pick<UploadedDocument, 'result' | 'detail'>;
}

interface CafRegistrado {
  id: string;
  cafXml: string;
}

/** One stand-in (final states at once) and one real dev signer; `stop()` in afterAll. */
export class DevIssuer {
  offsetMs = 0;
  readonly authority: SiiFakeAuthority;
  private readonly cafs = new Map<number, CafRegistrado>();
  private folio = 0;

  private constructor(
    readonly signer: DevSignerHandle,
    readonly holder: string,
    options: SiiFakeOptions,
  ) {
    this.authority = new SiiFakeAuthority({ estUpDelaysMs: 0, now: () => new Date(Date.now() + this.offsetMs), ...options });
  }

  static async start(options: SiiFakeOptions = {}): Promise<DevIssuer> {
    const signer = await startDevSigner();
    const cert = (await (await fetch(`${signer.url}/sign/certificate`, { headers: { 'X-Internal-Key': signer.key } })).json()) as {
      holder_rut: string;
    };
    return new DevIssuer(signer, cert.holder_rut, options);
  }

  stop(): Promise<void> {
    return this.signer.stop();
  }

  /** A factura of 2 x 50.000 with the next folio unless overridden. */
  documento(tipo: DocumentoInput['tipo_dte'] = 33, overrides: Partial<DocumentoInput> = {}): DocumentoInput {
    // Plain ASCII: the rules' specs edit the signed bytes, and one byte per character keeps offsets simple.
    const base = documento(++this.folio, { tipo_dte: tipo, fecha_emision: santiagoDate(this.authority.now()) });
    return {
      ...base,
      emisor: { ...base.emisor, razon_social: 'Comercial Prueba SpA', giro: 'Servicios', direccion: 'Teatinos 120' },
      detalle: [{ nombre: 'Asesoria tecnica', cantidad: 2, precio_unitario: 50_000 }],
      ...overrides,
    };
  }

  async envio(docs: DocumentoInput[], edits: Edits = {}): Promise<Buffer> {
    const signed: string[] = [];
    for (const doc of docs) signed.push(await this.dte(doc, edits));
    const unsigned = buildEnvioDte({
      caratula: {
        rutEmisor: EMISOR,
        rutEnvia: this.holder,
        rutReceptor: SII_RUT,
        fchResol: '2014-08-22',
        nroResol: 0,
        tmstFirmaEnv: santiagoTimestamp(),
        ...edits.caratula,
      },
      signedDtes: signed,
    });
    return this.signXml((edits.envio ?? same)(unsigned), '#SetDoc');
  }

  private async dte(doc: DocumentoInput, edits: Edits): Promise<string> {
    const caf = await this.caf(doc.tipo_dte);
    const ts = santiagoTimestamp();
    const unsigned = buildDte(doc, buildTed(buildDd(ddInputFromDocumento(doc, caf.cafXml, ts)), 'AAAA'), ts);
    const stamped = await this.stamp((edits.dte ?? same)(unsigned), caf.id);
    const signed = await this.signXml(LATIN1_DECLARATION + (edits.timbrado ?? same)(stamped), `#F${doc.folio}T${doc.tipo_dte}`);
    return signed.toString('latin1');
  }

  /** FRMT over the DD as the edited DTE now has it. */
  private async stamp(dte: string, cafId: string): Promise<string> {
    const dd = /<DD>[\s\S]*?<\/DD>/.exec(dte)?.[0] ?? '';
    const { frmt } = await this.post<{ frmt: string }>('/sign/ted', { caf_id: cafId, dd: Buffer.from(dd, 'latin1').toString('base64') });
    return dte.replace(/(<FRMT algoritmo="SHA1withRSA">)[^<]*(<\/FRMT>)/, `$1${frmt}$2`);
  }

  private async signXml(xml: string, referenceUri: string): Promise<Buffer> {
    const res = await this.post<{ xml: string }>('/sign/xml', {
      xml: Buffer.from(xml, 'latin1').toString('base64'),
      reference_uri: referenceUri,
    });
    return Buffer.from(res.xml, 'base64');
  }

  /** Folios 1-1000 from the stand-in, registered with the dev signer. */
  private async caf(tipo: number): Promise<CafRegistrado> {
    const known = this.cafs.get(tipo);
    if (known) return known;
    const res = await this.authority.handle({
      method: 'POST',
      url: `${SII}/sim/caf`,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ rut: EMISOR, tipo_dte: tipo, desde: 1, hasta: 1000 })),
    });
    if (res.status !== 200) throw new Error(`/sim/caf answered ${res.status}: ${res.body.toString()}`);
    const { caf_id } = await this.post<{ caf_id: string }>('/sign/caf', { caf: res.body.toString('base64') });
    const registered = { id: caf_id, cafXml: /<CAF\b[\s\S]*<\/CAF>/.exec(res.body.toString('latin1'))?.[0] ?? '' };
    this.cafs.set(tipo, registered);
    return registered;
  }

  private async post<T>(path: string, body: object): Promise<T> {
    const res = await fetch(`${this.signer.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Internal-Key': this.signer.key },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`dev signer ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** `rutSender` is the dev signer's holder; the token's RUT defaults to it. */
  async subir(
    file: Buffer,
    { rutSender = this.holder, tokenRut = rutSender }: { rutSender?: string; tokenRut?: string } = {},
  ): Promise<Subida> {
    const form = uploadForm(rutSender, file);
    const res = await this.authority.handle({
      method: 'POST',
      url: `${SII}/cgi_dte/UPL/DTEUpload`,
      headers: { ...form.getHeaders(), cookie: `TOKEN=${this.authority.issueToken(tokenRut).token}` },
      body: form.getBuffer(),
    });
    const xml = res.body.toString('latin1');
    return {
      status: Number(tag(xml, 'STATUS')),
      trackId: tag(xml, 'TRACKID'),
      errors: [...xml.matchAll(/<ERROR>([^<]*)<\/ERROR>/g)].map((m) => m[1]),
    };
  }

  async resultado(trackId: string): Promise<Resultado> {
    const [rut, dv] = rutFields(EMISOR);
    const token = this.authority.issueToken(this.holder).token;
    const res = await this.authority.handle({
      method: 'POST',
      url: `${SII}/DTEWS/QueryEstUp.jws`,
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '' },
      body: Buffer.from(
        soapRequest('getEstUp', `${SII}/DTEWS/QueryEstUp.jws`, { RutCompania: rut, DvCompania: dv, TrackId: trackId, Token: token }),
      ),
    });
    const inner = soapInner(res.body.toString('utf8'));
    const count = (name: string) => (tag(inner, name) === undefined ? undefined : Number(tag(inner, name)));
    const doc = this.authority.uploads.get(trackId)?.documents[0];
    return {
      estado: tag(inner, 'ESTADO'),
      glosa: tag(inner, 'GLOSA'),
      aceptados: count('ACEPTADOS'),
      rechazados: count('RECHAZADOS'),
      reparos: count('REPAROS'),
      documento: doc && { result: doc.result, detail: doc.detail },
    };
  }

  async emitir(doc: DocumentoInput, edits: Edits = {}): Promise<Subida & Resultado> {
    const subida = await this.subir(await this.envio([doc], edits));
    return { ...subida, ...(subida.trackId ? await this.resultado(subida.trackId) : {}) };
  }
}

const same = (xml: string) => xml;

/** The timbre's copy of a document field. */
export function enDd(xml: string, campo: string, valor: string): string {
  return xml.replace(/<DD>[\s\S]*?<\/DD>/, (dd) => dd.replace(new RegExp(`<${campo}>[^<]*</${campo}>`), `<${campo}>${valor}</${campo}>`));
}

/** A document field outside the TED, not its timbre copy. */
export function enDocumento(xml: string, campo: string, valor: string): string {
  const ted = xml.indexOf('<TED');
  const [antes, despues] = ted < 0 ? [xml, ''] : [xml.slice(0, ted), xml.slice(ted)];
  const re = new RegExp(`<${campo}>[^<]*</${campo}>`);
  if (!re.test(antes)) throw new Error(`no <${campo}> in the document`);
  return antes.replace(re, `<${campo}>${valor}</${campo}>`) + despues;
}
