// Builds synthetic AEC files (docs/research/cesion.md §1.1, §5: never the real samples, which hold personal data) with
// made-up RUTs and test certificates: DTECedido, each Cesion and DocumentoAEC signed in the namespace context they have in
// the final file (the AEC root declares xmlns and xmlns:xsi, as the real files do), a Signature sibling after each signed
// element, inclusive C14N, rsa-sha1, sha1, KeyValue + X509Certificate. The embedded DTE is kept byte-for-byte as uploaded.
import { encodeLatin1 } from '@lib/dte';
import type { IdDteLeido } from '../src/aec-leido';
import { signXml, type TestCertificate } from './helpers';

export const SII_NS = 'http://www.sii.cl/SiiDte';

/** A party of a cesión: RUT, name, address and e-mail (Cesion_v10.xsd minimum lengths). */
export interface Parte {
  rut: string;
  razonSocial: string;
  direccion?: string;
  email?: string;
}

/** IdDTE as Cesion_v10.xsd orders it: the shape the stand-in reads. */
export type IdDte = IdDteLeido;

/** One new cesión, signed by `firmantes` (1..3, RUTAutorizado in the same order: FMT C.2). */
export interface CesionInput {
  seq: number;
  idDte: IdDte;
  cedente: Parte;
  cesionario: Parte;
  montoCesion: number;
  ultimoVencimiento: string;
  tmstCesion: string;
  firmantes: TestCertificate[];
  declaracionJurada?: string;
  id?: string;
  /** Sign it as no-namespace XML and embed it afterwards, as the SII portal's files were (docs/research/cesion.md §1.2). */
  firmadaSinNamespace?: boolean;
}

export interface AecInput {
  /** A new DocumentoDTECedido around the signed DTE (and signed Recibos), or an earlier signed `<DTECedido>` kept as is. */
  dteCedido: { dte: string; recibos?: string[]; tmstFirma: string; firmante: TestCertificate; id?: string } | string;
  /** Earlier signed `<Cesion>` elements (kept as is) and new ones. */
  cesiones: (CesionInput | string)[];
  caratula: { rutCedente: string; rutCesionario: string; tmstFirmaEnvio: string };
  firmante: TestCertificate;
  id?: string;
  /** Edits the whole text before the outer signature (a broken rule past the inner signatures). */
  antesDeFirmar?: (xml: string) => string;
}

const ROOT_OPEN =
  `<AEC xmlns="${SII_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
  `xsi:schemaLocation="${SII_NS} AEC_v10.xsd" version="1.0">`;

const el = (name: string, value: string | number) => `<${name}>${value}</${name}>`;

function parte(p: Parte): string {
  return (
    el('RUT', p.rut) +
    el('RazonSocial', p.razonSocial) +
    el('Direccion', p.direccion ?? 'Teatinos 120, Santiago') +
    el('eMail', p.email ?? 'cesiones@ejemplo.cl')
  );
}

/** The unsigned `<Cesion>` (Cesion_v10.xsd order). */
export function cesionSinFirma(c: CesionInput, xmlns = ''): string {
  const i = c.idDte;
  const autorizados = c.firmantes
    .map((f) => `<RUTAutorizado>${el('RUT', f.rut) + el('Nombre', 'PERSONA AUTORIZADA')}</RUTAutorizado>`)
    .join('');
  return (
    `<Cesion${xmlns} version="1.0"><DocumentoCesion ID="${c.id ?? `Cesion${c.seq}`}">` +
    el('SeqCesion', c.seq) +
    `<IdDTE>${el('TipoDTE', i.tipo) + el('RUTEmisor', i.emisor) + el('RUTReceptor', i.receptor) + el('Folio', i.folio) + el('FchEmis', i.fchEmis) + el('MntTotal', i.mntTotal)}</IdDTE>` +
    `<Cedente>${parte(c.cedente)}${autorizados}${c.declaracionJurada ? el('DeclaracionJurada', c.declaracionJurada) : ''}</Cedente>` +
    `<Cesionario>${parte(c.cesionario)}</Cesionario>` +
    el('MontoCesion', c.montoCesion) +
    el('UltimoVencimiento', c.ultimoVencimiento) +
    el('TmstCesion', c.tmstCesion) +
    '</DocumentoCesion></Cesion>'
  );
}

function dteCedidoSinFirma(d: Exclude<AecInput['dteCedido'], string>): string {
  return (
    `<DTECedido version="1.0"><DocumentoDTECedido ID="${d.id ?? 'DTECedido1'}">` +
    d.dte.replace(/^<\?xml[^>]*\?>\s*/, '') +
    (d.recibos ?? []).join('') +
    el('TmstFirma', d.tmstFirma) +
    '</DocumentoDTECedido></DTECedido>'
  );
}

const nth = (name: string, n: number) => `(//*[local-name()='${name}'])[${n}]`;
const idOf = (xml: string, element: string) => new RegExp(`<${element} ID="([^"]+)"`).exec(xml)?.[1] ?? '';

/** A signed AEC as ISO-8859-1 bytes with its declaration. */
export function buildAec(input: AecInput): Buffer {
  const nuevas = input.cesiones.map((c) => (typeof c === 'string' ? c : c.firmadaSinNamespace ? firmadaAparte(c) : cesionSinFirma(c)));
  const cedido = typeof input.dteCedido === 'string' ? input.dteCedido : dteCedidoSinFirma(input.dteCedido);
  const c = input.caratula;
  let xml =
    ROOT_OPEN +
    `<DocumentoAEC ID="${input.id ?? 'AEC1'}"><Caratula version="1.0">` +
    el('RutCedente', c.rutCedente) +
    el('RutCesionario', c.rutCesionario) +
    el('NmbContacto', 'Contacto de Prueba') +
    el('MailContacto', 'contacto@ejemplo.cl') +
    el('TmstFirmaEnvio', c.tmstFirmaEnvio) +
    `</Caratula><Cesiones>${cedido}${nuevas.join('')}</Cesiones></DocumentoAEC></AEC>`;
  if (typeof input.dteCedido !== 'string') {
    xml = signXml(xml, input.dteCedido.firmante, `#${idOf(cedido, 'DocumentoDTECedido')}`, { locationXpath: nth('DTECedido', 1) });
  }
  input.cesiones.forEach((cesion, k) => {
    if (typeof cesion === 'string' || cesion.firmadaSinNamespace) return;
    for (const firmante of cesion.firmantes) {
      xml = signXml(xml, firmante, `#${cesion.id ?? `Cesion${cesion.seq}`}`, { locationXpath: nth('Cesion', k + 1) });
    }
  });
  xml = (input.antesDeFirmar ?? ((x: string) => x))(xml);
  const signed = signXml(xml, input.firmante, `#${input.id ?? 'AEC1'}`);
  return encodeLatin1('<?xml version="1.0" encoding="ISO-8859-1"?>\n' + signed);
}

/** Signed alone as no-namespace XML, then embedded (where it inherits the AEC's default namespace). */
function firmadaAparte(c: CesionInput): string {
  let xml = cesionSinFirma(c);
  for (const firmante of c.firmantes) xml = signXml(xml, firmante, `#${c.id ?? `Cesion${c.seq}`}`);
  return xml;
}

/** The signed DTECedido and Cesion elements of an AEC, byte-for-byte, for a re-assignment (docs/research/cesion.md §4). */
export function partesFirmadas(aec: Buffer): { dteCedido: string; cesiones: string[] } {
  const xml = aec.toString('latin1');
  const dteCedido = /<DTECedido\b[\s\S]*?<\/DTECedido>/.exec(xml)?.[0];
  if (!dteCedido) throw new Error('no DTECedido');
  return { dteCedido, cesiones: [...xml.matchAll(/<Cesion\b[\s\S]*?<\/Cesion>/g)].map((m) => m[0]) };
}
