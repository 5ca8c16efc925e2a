import { DteParseError } from '../errors';
import { decodeXml } from '../xml/encoding';
import { childElements, findPath, localName, numAt, parseXml, requiredText, textAt } from '../xml/dom';
import { sliceElements } from '../xml-slice';
import { parseDteDocuments, type ParsedDte } from './received';

/** One Cesion of an AEC as written (Cesion_v10.xsd; amounts whole CLP, dates as in the file). */
export interface CesionLeida {
  seq: number;
  id_dte: { tipo_dte: number; rut_emisor: string; rut_receptor: string; folio: number; fecha_emision: string; monto_total: number };
  cedente: { rut: string; razon_social: string; email?: string; declaracion_jurada: boolean };
  cesionario: { rut: string; razon_social: string; email?: string };
  monto: number;
  ultimo_vencimiento: string;
  tmst_cesion: string;
}

/** An AEC read (docs/research/cesion.md §1.1): the Caratula, the DTE assigned and every cesión in order. Nothing is verified here. */
export interface AecLeido {
  /** DocumentoAEC's ID, the outer signature's Reference (`#id`). */
  id: string;
  rut_cedente: string;
  rut_cesionario: string;
  tmst_firma_envio: string;
  dte: ParsedDte;
  cesiones: CesionLeida[];
  /** The DTECedido and each Cesion element verbatim (in file order), as a later cesión embeds them again. */
  partes: { dte_cedido: string; cesiones: string[] };
  xml: string;
}

function parte(el: Element, nombre: 'Cedente' | 'Cesionario') {
  return {
    rut: requiredText(el, `${nombre}/RUT`),
    razon_social: textAt(el, `${nombre}/RazonSocial`) ?? '',
    email: textAt(el, `${nombre}/eMail`),
  };
}

function cesionOf(c: Element): CesionLeida {
  const doc = childElements(c, 'DocumentoCesion')[0];
  if (!doc) throw new DteParseError('Cesion without DocumentoCesion');
  return {
    seq: numAt(doc, 'SeqCesion') ?? 0,
    id_dte: {
      tipo_dte: numAt(doc, 'IdDTE/TipoDTE') ?? 0,
      rut_emisor: requiredText(doc, 'IdDTE/RUTEmisor'),
      rut_receptor: requiredText(doc, 'IdDTE/RUTReceptor'),
      folio: numAt(doc, 'IdDTE/Folio') ?? 0,
      fecha_emision: requiredText(doc, 'IdDTE/FchEmis'),
      monto_total: numAt(doc, 'IdDTE/MntTotal') ?? 0,
    },
    cedente: { ...parte(doc, 'Cedente'), declaracion_jurada: !!textAt(doc, 'Cedente/DeclaracionJurada') },
    cesionario: parte(doc, 'Cesionario'),
    monto: numAt(doc, 'MontoCesion') ?? 0,
    ultimo_vencimiento: requiredText(doc, 'UltimoVencimiento'),
    tmst_cesion: requiredText(doc, 'TmstCesion'),
  };
}

/** An AEC (AEC_v10.xsd) in any declared encoding. @throws DteParseError unless an AEC with a DTECedido of one DTE and a Cesion or more */
export function parseAec(bytes: Buffer | string): AecLeido {
  const xml = decodeXml(bytes);
  const root = parseXml(xml);
  if (localName(root) !== 'AEC') throw new DteParseError(`not an AEC: <${localName(root)}>`);
  const doc = findPath(root, 'DocumentoAEC');
  const cesiones = doc && findPath(doc, 'Cesiones');
  if (!doc || !cesiones) throw new DteParseError('AEC without DocumentoAEC/Cesiones');
  const dteXml = sliceElements(sliceElements(xml, 'DocumentoDTECedido')[0] ?? '', 'DTE')[0];
  if (!dteXml) throw new DteParseError('AEC without the DTE assigned (DTECedido/DocumentoDTECedido/DTE)');
  const [dte] = parseDteDocuments(dteXml);
  const lista = childElements(cesiones, 'Cesion').map(cesionOf);
  if (lista.length === 0) throw new DteParseError('AEC without a Cesion');
  return {
    id: doc.getAttribute('ID') ?? '',
    rut_cedente: requiredText(doc, 'Caratula/RutCedente'),
    rut_cesionario: requiredText(doc, 'Caratula/RutCesionario'),
    tmst_firma_envio: requiredText(doc, 'Caratula/TmstFirmaEnvio'),
    dte,
    cesiones: lista.sort((a, b) => a.seq - b.seq),
    partes: { dte_cedido: sliceElements(xml, 'DTECedido')[0] ?? '', cesiones: sliceElements(xml, 'Cesion') },
    xml,
  };
}
