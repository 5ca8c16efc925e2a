import { child, childElements, findAll, localName, parseXmlDocument } from '@lib/dte';
import { verifySignatureElement } from './internal/xmldsig';
import type { ContextoFirma, FirmaInterna } from './types';

const SII_NS = 'http://www.sii.cl/SiiDte';
const DOCUMENTOS_DTE = ['Documento', 'Liquidacion', 'Exportaciones'];

/** The outer signature, strictly in place: the only one that verifies so in both real accepted files (docs/research/cesion.md
 * §1.2). The error text for RFS. */
export function firmaDelSobre(xml: string, doc: Document): string | undefined {
  const root = doc.documentElement;
  const id = child(root, 'DocumentoAEC')?.getAttribute('ID') ?? '';
  const sig = child(root, 'Signature');
  const check = sig ? verifySignatureElement(xml, sig, `#${id}`) : undefined;
  if (check?.ok) return undefined;
  return `Firma del AEC (#${id}) invalida: ${check?.reason ?? 'sin Signature'}`;
}

/** A signed part: its container (the element holding it and its Signature siblings), which one in file order, the signed child. */
interface Parte {
  que: string;
  contenedor: string;
  indice: number;
  firmado: (contenedor: Element) => Element | undefined;
}

const PARTES_FIJAS: Parte[] = [
  { que: 'DTE', contenedor: 'DTE', indice: 0, firmado: (c) => childElements(c).find((e) => DOCUMENTOS_DTE.includes(localName(e))) },
  { que: 'DocumentoDTECedido', contenedor: 'DTECedido', indice: 0, firmado: (c) => child(c, 'DocumentoDTECedido') },
];

/** The inner signatures, each with the first context it verifies in: real accepted files do not verify in place
 * (docs/research/cesion.md §1.2, §6.1), so also the container alone under only the default namespace, then with none. */
export function firmasInternas(xml: string, doc: Document, cesiones: number): FirmaInterna[] {
  const partes = [
    ...PARTES_FIJAS,
    ...Array.from({ length: cesiones }, (_, i) => ({
      que: `Cesion ${i + 1}`,
      contenedor: 'Cesion',
      indice: i,
      firmado: (c: Element) => child(c, 'DocumentoCesion'),
    })),
  ];
  return partes.flatMap((parte) => firmasDe(xml, doc, parte));
}

function firmasDe(xml: string, doc: Document, parte: Parte): FirmaInterna[] {
  const enArchivo = findAll(doc, parte.contenedor)[parte.indice];
  const total = enArchivo ? childElements(enArchivo, 'Signature').length : 0;
  const recorte = recorteDe(xml, enArchivo);
  const contextos: [ContextoFirma, () => string | undefined][] = [
    ['archivo', () => xml],
    ['namespace-por-defecto', () => recorte && `<AEC xmlns="${SII_NS}">${recorte}</AEC>`],
    ['sin-namespace', () => recorte],
  ];
  return Array.from({ length: Math.max(total, 1) }, (_, n) => {
    const que = n === 0 ? parte.que : `${parte.que} (firma ${n + 1})`;
    const contexto = contextos.find(([nombre, texto]) => verificaEn(texto(), nombre === 'archivo' ? parte.indice : 0, parte, n))?.[0];
    return contexto ? { que: nombrar(que, enArchivo, parte), contexto } : { que: nombrar(que, enArchivo, parte) };
  });
}

/** "DTE" names its document ("DTE F1T33"). */
function nombrar(que: string, contenedor: Element | undefined, parte: Parte): string {
  if (parte.contenedor !== 'DTE') return que;
  const id = contenedor && parte.firmado(contenedor)?.getAttribute('ID');
  return id ? que.replace('DTE', `DTE ${id}`) : que;
}

/** The n-th Signature of the indice-th container of `texto` verifies over `#<ID of the signed child>`. */
function verificaEn(texto: string | undefined, indice: number, parte: Parte, n: number): boolean {
  if (!texto) return false;
  try {
    const doc = parseXmlDocument(texto);
    const contenedor = localName(doc.documentElement) === parte.contenedor ? doc.documentElement : findAll(doc, parte.contenedor)[indice];
    const firmado = contenedor && parte.firmado(contenedor);
    const sig = contenedor && childElements(contenedor, 'Signature')[n];
    return !!firmado && !!sig && verifySignatureElement(texto, sig, `#${firmado.getAttribute('ID') ?? ''}`).ok;
  } catch {
    return false;
  }
}

/** `el` as written in `xml`, found by the parser's line and column (never a look-alike in a comment), to its first end tag
 * (no element of these names nests in itself). */
export function recorteDe(xml: string, el: Element | undefined): string | undefined {
  const { lineNumber, columnNumber } = (el ?? {}) as { lineNumber?: number; columnNumber?: number };
  if (!el || !lineNumber || !columnNumber) return undefined;
  let offset = 0;
  for (let line = 1; line < lineNumber; line++) offset = xml.indexOf('\n', offset) + 1;
  const name = el.nodeName.replace(/[.-]/g, '\\$&');
  const re = new RegExp(`<${name}\\b[^>]*>[\\s\\S]*?</${name}>`, 'y');
  re.lastIndex = offset + columnNumber - 1;
  return re.exec(xml)?.[0];
}
