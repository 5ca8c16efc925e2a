import { child, childElements, findFirst, textAt } from '@lib/dte';
import { normalizeRut } from './internal/rut';

/** IdDTE of a Cesion (Cesion_v10.xsd; docs/research/cesion.md §1.1). RUTs normalized when valid. */
export interface IdDteLeido {
  tipo: number;
  emisor: string;
  receptor: string;
  folio: number;
  fchEmis: string;
  mntTotal: number;
}

/** One Cesion of the file, in file order. `cesionario` is raw when it is not a valid RUT (the XSD gives it no type). */
export interface CesionLeida {
  id: string;
  seq: number;
  idDte: IdDteLeido;
  cedente: string;
  cesionario: string;
  cesionarioValido: boolean;
  autorizados: string[];
  declaracionJurada: boolean;
  montoCesion: number;
  ultimoVencimiento: string;
  tmstCesion: string;
}

/** What the RPETC reads of an AEC that passed AEC_v10.xsd (docs/research/cesion.md §1.1). */
export interface AecLeido {
  id: string;
  caratula: { rutCedente: string; rutCesionario: string; tmstFirmaEnvio: string };
  documentoDteCedidoId: string;
  /** Recibo elements in DocumentoDTECedido (Recibos_v10.xsd): an electronic receipt of the goods or services (docs/research/cesion.md §4). */
  recibos: number;
  cesiones: CesionLeida[];
}

const rut = (v: string | undefined) => normalizeRut(v ?? '') ?? (v ?? '').trim().toUpperCase();
const texto = (el: Element, path: string) => (textAt(el, path) ?? '').trim();

/** @throws Error when a part the schema requires is missing (a file that did not pass the XSD). */
export function leerAec(doc: Document): AecLeido {
  const documentoAec = child(doc.documentElement, 'DocumentoAEC');
  const caratula = documentoAec && child(documentoAec, 'Caratula');
  const cesiones = documentoAec && child(documentoAec, 'Cesiones');
  const cedido = cesiones && findFirst(cesiones, 'DocumentoDTECedido');
  if (!documentoAec || !caratula || !cesiones || !cedido) throw new Error('AEC sin DocumentoAEC/Caratula/Cesiones/DTECedido');
  return {
    id: documentoAec.getAttribute('ID') ?? '',
    caratula: {
      rutCedente: rut(textAt(caratula, 'RutCedente')),
      rutCesionario: rut(textAt(caratula, 'RutCesionario')),
      tmstFirmaEnvio: texto(caratula, 'TmstFirmaEnvio'),
    },
    documentoDteCedidoId: cedido.getAttribute('ID') ?? '',
    recibos: childElements(cedido, 'Recibo').length,
    cesiones: childElements(cesiones, 'Cesion').map(leerCesion),
  };
}

function leerCesion(cesion: Element): CesionLeida {
  const doc = child(cesion, 'DocumentoCesion');
  if (!doc) throw new Error('Cesion sin DocumentoCesion');
  const cedente = child(doc, 'Cedente');
  const cesionario = texto(doc, 'Cesionario/RUT');
  return {
    id: doc.getAttribute('ID') ?? '',
    seq: Number(texto(doc, 'SeqCesion')),
    idDte: {
      tipo: Number(texto(doc, 'IdDTE/TipoDTE')),
      emisor: rut(textAt(doc, 'IdDTE/RUTEmisor')),
      receptor: rut(textAt(doc, 'IdDTE/RUTReceptor')),
      folio: Number(texto(doc, 'IdDTE/Folio')),
      fchEmis: texto(doc, 'IdDTE/FchEmis'),
      mntTotal: Number(texto(doc, 'IdDTE/MntTotal')),
    },
    cedente: rut(textAt(doc, 'Cedente/RUT')),
    cesionario: rut(cesionario),
    cesionarioValido: normalizeRut(cesionario) !== undefined,
    autorizados: cedente ? childElements(cedente, 'RUTAutorizado').map((a) => rut(textAt(a, 'RUT'))) : [],
    declaracionJurada: !!cedente && texto(cedente, 'DeclaracionJurada') !== '',
    montoCesion: Number(texto(doc, 'MontoCesion')),
    ultimoVencimiento: texto(doc, 'UltimoVencimiento'),
    tmstCesion: texto(doc, 'TmstCesion'),
  };
}
