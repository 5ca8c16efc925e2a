import { childElements, findFirst, numAt, textOf, validateXsd } from '@lib/dte';
import { verifySignatureElement } from './internal/xmldsig';

/** What the stand-in decides for an uploaded IECV book: refused at upload (STATUS), or its final state. */
export type LibroVerdict = { status: 7 | 8; errors: string[] } | { finalState: 'LOK' } | { finalState: 'LRH'; rejection: string };

/** True when the uploaded file is an IECV book (LibroCompraVenta) rather than an EnvioDTE. */
export function isLibro(doc: Document): boolean {
  return doc.documentElement.localName === 'LibroCompraVenta';
}

/**
 * A LibroCompraVenta uploaded through DTEUpload (docs/research/sii-protocol.md §2.1 and §3.6): LibroCV_v10.xsd
 * (STATUS 7), the signature over `#<EnvioLibro ID>` (STATUS 8); then, as the book's final state, LRH when the
 * Caratula's RutEnvia or RutEmisorLibro are not the upload's sender and company, or a TotalesPeriodo does not
 * equal the sum of its Detalle lines, else LOK ("Libro Cuadrado"). The real SII's book states beyond these
 * two (and their exact glosas) are not in the sources we hold: libs/sii-fake/README.md.
 */
export async function judgeLibro(archivo: Buffer, xml: string, doc: Document, sender: string, company: string): Promise<LibroVerdict> {
  const schema = await validateXsd(archivo, 'LibroCV');
  if (!schema.valid) return { status: 7, errors: schema.errors.length ? schema.errors : ['Error de Schema'] };
  const envio = findFirst(doc.documentElement, 'EnvioLibro') as Element;
  const id = envio.getAttribute('ID') ?? '';
  const sig = childElements(doc.documentElement, 'Signature')[0];
  const check = sig ? verifySignatureElement(xml, sig, `#${id}`) : undefined;
  if (!check?.ok) return { status: 8, errors: [`Firma del Libro (${id}) invalida: ${check?.reason ?? 'sin Signature'}`] };
  const caratula = findFirst(envio, 'Caratula') as Element;
  if (textOf(caratula, 'RutEnvia') !== sender) return { finalState: 'LRH', rejection: 'Libro Rechazado: RutEnvia distinto al del envio' };
  if (textOf(caratula, 'RutEmisorLibro') !== company) {
    return { finalState: 'LRH', rejection: 'Libro Rechazado: RutEmisorLibro distinto de la empresa' };
  }
  const descuadre = totalesDescuadrados(envio);
  return descuadre ? { finalState: 'LRH', rejection: `Libro No Cuadrado: ${descuadre}` } : { finalState: 'LOK' };
}

const SUMS: [string, string][] = [
  ['TotMntExe', 'MntExe'],
  ['TotMntNeto', 'MntNeto'],
  ['TotMntIVA', 'MntIVA'],
  ['TotMntTotal', 'MntTotal'],
];

/** The first TotalesPeriodo figure that differs from its Detalle lines (voided folios excluded), or undefined. */
function totalesDescuadrados(envio: Element): string | undefined {
  const detalles = childElements(envio, 'Detalle').filter((d) => textOf(d, 'Anulado') !== 'A');
  const resumen = findFirst(envio, 'ResumenPeriodo');
  for (const tot of resumen ? childElements(resumen, 'TotalesPeriodo') : []) {
    const tipo = numAt(tot, 'TpoDoc');
    const lines = detalles.filter((d) => numAt(d, 'TpoDoc') === tipo);
    if ((numAt(tot, 'TotDoc') ?? 0) !== lines.length) return `TpoDoc ${tipo}: TotDoc ${numAt(tot, 'TotDoc')} y ${lines.length} detalles`;
    for (const [total, field] of SUMS) {
      const sum = lines.reduce((s, d) => s + (numAt(d, field) ?? 0), 0);
      if ((numAt(tot, total) ?? 0) !== sum) return `TpoDoc ${tipo}: ${total} ${numAt(tot, total)} distinto de la suma ${sum}`;
    }
  }
  return undefined;
}
