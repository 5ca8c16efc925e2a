import { DteBuildError } from '../errors';
import { contacto, el, fecha, posInt, reqText, rut, timestamp } from './text';

/** Recibos_v10.xsd Declaracion, Ley 19.983 art. 4 b and 5 c. */
export const RECIBO_DECLARACION =
  'El acuse de recibo que se declara en este acto, de acuerdo a lo dispuesto en la letra b) del Art. 4, y la letra c) del Art. 5 de la Ley 19.983, acredita que la entrega de mercaderias o servicio(s) prestado(s) ha(n) sido recibido(s).';

/** Recibos_v10.xsd DocumentoRecibo: Recinto ≤ 80 (truncated); rutFirma signs; id default `R<rut emisor>T<tipo>F<folio>`. */
export interface ReciboInput {
  tipoDoc: number;
  folio: number;
  fchEmis: string;
  rutEmisor: string;
  rutRecep: string;
  mntTotal: number;
  recinto: string;
  rutFirma: string;
  tmstFirmaRecibo: string;
  id?: string;
}

/** EnvioRecibos_v10.xsd: rutResponde the documents' receiver, rutRecibe their issuer. */
export interface EnvioRecibosCaratulaInput {
  rutResponde: string;
  rutRecibe: string;
  nmbContacto?: string;
  fonoContacto?: string;
  mailContacto?: string;
  tmstFirmaEnv: string;
}

/** The default ID of a Recibo, an NCName. */
export function reciboId(r: Pick<ReciboInput, 'rutEmisor' | 'tipoDoc' | 'folio'>): string {
  return `R${r.rutEmisor.replace('-', '')}T${r.tipoDoc}F${r.folio}`;
}

/** Unsigned; each Recibo is signed alone (`#<id>`) before `buildEnvioRecibos` (docs/research/sii-protocol.md §2.3, §3.5). @throws DteBuildError */
export function buildRecibo(r: ReciboInput): string {
  if (!Number.isSafeInteger(r.mntTotal) || r.mntTotal < 0)
    throw new DteBuildError(`MntTotal must be a whole number ≥ 0, got ${r.mntTotal}`);
  const id = r.id ?? reciboId(r);
  if (!/^[A-Za-z_][\w.-]*$/.test(id)) throw new DteBuildError(`id must be an XML ID (NCName), got "${id}"`);
  return (
    `<Recibo version="1.0" xmlns="http://www.sii.cl/SiiDte"><DocumentoRecibo ID="${id}">` +
    el('TipoDoc', posInt('TipoDoc', r.tipoDoc, 3)) +
    el('Folio', posInt('Folio', r.folio)) +
    el('FchEmis', fecha('FchEmis', r.fchEmis)) +
    el('RUTEmisor', rut('RUTEmisor', r.rutEmisor)) +
    el('RUTRecep', rut('RUTRecep', r.rutRecep)) +
    el('MntTotal', r.mntTotal) +
    reqText('Recinto', r.recinto, 80, 'truncate') +
    el('RutFirma', rut('RutFirma', r.rutFirma)) +
    el('Declaracion', RECIBO_DECLARACION) +
    el('TmstFirmaRecibo', timestamp('TmstFirmaRecibo', r.tmstFirmaRecibo)) +
    '</DocumentoRecibo></Recibo>'
  );
}

/** Unsigned ISO-8859-1 (EnvioRecibos_v10.xsd), Recibos byte-for-byte. @throws DteBuildError without a Recibo or with another element. */
export function buildEnvioRecibos(input: { caratula: EnvioRecibosCaratulaInput; signedRecibos: string[]; id?: string }): string {
  const c = input.caratula;
  const recibos = input.signedRecibos.map((s, i) => {
    const body = s
      .replace(/^\uFEFF/, '')
      .replace(/^\s*<\?xml[^>]*\?>/, '')
      .trim();
    if (!/^<Recibo[\s>]/.test(body) || !body.endsWith('</Recibo>'))
      throw new DteBuildError(`signedRecibos[${i}] is not a <Recibo> element`);
    return body;
  });
  if (recibos.length === 0) throw new DteBuildError('an EnvioRecibos holds at least one Recibo');
  const id = input.id ?? 'SetRecibos';
  return (
    '<?xml version="1.0" encoding="ISO-8859-1"?>\n' +
    `<EnvioRecibos xmlns="http://www.sii.cl/SiiDte" version="1.0"><SetRecibos ID="${id}"><Caratula version="1.0">` +
    el('RutResponde', rut('RutResponde', c.rutResponde)) +
    el('RutRecibe', rut('RutRecibe', c.rutRecibe)) +
    contacto(c.nmbContacto, c.fonoContacto, c.mailContacto) +
    el('TmstFirmaEnv', timestamp('TmstFirmaEnv', c.tmstFirmaEnv)) +
    '</Caratula>' +
    recibos.join('') +
    '</SetRecibos></EnvioRecibos>'
  );
}
