import type { LibroDetalleInput } from '../builders/libro';
import { DteParseError } from '../errors';
import { TASA_IVA } from '../totals';
import { normalize } from './set-pruebas';

/**
 * The SET LIBRO DE COMPRAS of the SII's set de pruebas (docs/research/sii-protocol.md §10): a table of purchase
 * documents (document name, folio, observation, exempt and taxed amounts in CLP) and the proportionality factor of
 * the IVA de uso común, which the company answers with a purchases book (TipoLibro ESPECIAL, FolioNotificacion
 * = the set's atención number). The observation says how each document's IVA is booked (LibroCV_v10.xsd).
 */

/** Purchase document names of the set and their SII type (Formato DTE v2.2 §A TipoDTE, and the paper ones). */
const TIPOS: Record<string, number> = {
  FACTURA: 30,
  'FACTURA EXENTA': 32,
  'FACTURA ELECTRONICA': 33,
  'FACTURA NO AFECTA O EXENTA ELECTRONICA': 34,
  'FACTURA EXENTA ELECTRONICA': 34,
  'FACTURA DE COMPRA': 45,
  'FACTURA DE COMPRA ELECTRONICA': 46,
  'NOTA DE DEBITO': 55,
  'NOTA DE DEBITO ELECTRONICA': 56,
  'NOTA DE CREDITO': 60,
  'NOTA DE CREDITO ELECTRONICA': 61,
};

/** One document of the set. */
export interface DocumentoLibroSet {
  tipoDoc: number;
  folio: number;
  observacion: string;
  /** CLP. */
  exento: number;
  /** CLP, the net taxed amount. */
  afecto: number;
}

/** The SET LIBRO DE COMPRAS of a set-de-pruebas text. */
export interface LibroComprasSet {
  numeroAtencion: string;
  /** FACTOR DE PROPORCIONALIDAD of the IVA de uso común (0..1); undefined when the set gives none. */
  factorProporcionalidad?: number;
  documentos: DocumentoLibroSet[];
}

/**
 * Reads the SET LIBRO DE COMPRAS section (from its "SET LIBRO DE COMPRAS - NUMERO DE ATENCION: n" heading to the
 * next "SET" heading): each row is a document name, a folio, an observation and one or two amounts (exempt and
 * taxed; a single amount is the taxed one unless the observation says EXENT). Columns are separated by tabs or
 * runs of spaces.
 * @returns undefined when the text has no such section.
 * @throws DteParseError for a row whose document name is unknown, or a section without documents.
 */
export function parseLibroComprasSet(text: string): LibroComprasSet | undefined {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const at = lines.findIndex((l) => /^\s*SET LIBRO DE COMPRAS\s*-\s*NUMERO DE ATENCION:\s*\d+/i.test(l));
  if (at < 0) return undefined;
  const numeroAtencion = (/NUMERO DE ATENCION:\s*(\d+)/i.exec(lines[at]) as RegExpExecArray)[1];
  const end = lines.findIndex((l, i) => i > at && /^\s*SET\s+.+-\s*NUMERO DE ATENCION/i.test(l));
  const out: LibroComprasSet = { numeroAtencion, documentos: [] };
  for (const raw of lines.slice(at + 1, end < 0 ? undefined : end)) {
    const factor = /FACTOR DE PROPORCIONALIDAD.*?(\d+[.,]\d+)/i.exec(raw);
    if (factor) out.factorProporcionalidad = Number(factor[1].replace(',', '.'));
    else readRow(raw, out.documentos);
  }
  if (out.documentos.length === 0) throw new DteParseError(`the SET LIBRO DE COMPRAS ${numeroAtencion} has no document`);
  return out;
}

function readRow(raw: string, documentos: DocumentoLibroSet[]): void {
  const cols = raw
    .split(/\t+|\s{2,}/)
    .map((c) => c.trim())
    .filter(Boolean);
  const folioAt = cols.findIndex((c) => /^\d+$/.test(c));
  if (folioAt < 1) return;
  const nombre = normalize(cols.slice(0, folioAt).join(' '));
  if (/^TIPO DOCUMENTO/.test(nombre)) return;
  const tipoDoc = TIPOS[nombre];
  if (tipoDoc === undefined) throw new DteParseError(`SET LIBRO DE COMPRAS: unknown document "${nombre}"`);
  const rest = cols.slice(folioAt + 1);
  const amounts: number[] = [];
  while (rest.length > 0 && /^\d+$/.test(rest[rest.length - 1])) amounts.unshift(Number(rest.pop()));
  const observacion = rest.join(' ');
  const [exento, afecto] =
    amounts.length >= 2 ? [amounts[0], amounts[1]] : /EXENT/i.test(observacion) ? [amounts[0] ?? 0, 0] : [0, amounts[0] ?? 0];
  documentos.push({ tipoDoc, folio: Number(cols[folioAt]), observacion, exento, afecto });
}

/**
 * The book's Detalle for the set's documents, dated `fecha` and issued by `proveedor` (the set gives neither).
 * IVA is TASA_IVA of the taxed amount, rounded to the peso; by the observation: "IVA USO COMUN" puts it all in
 * IVAUsoComun, "ENTREGA GRATUITA" makes it non-recoverable with code 4 (entregas gratuitas), "RETENCION TOTAL" retains
 * it whole (OtrosImp code 15, IVA retenido total, so the total is without it), and a note "... A FACTURA [ELECTRONICA] n"
 * references that document (TpoDocRef, FolioDocRef). Amounts in CLP.
 */
export function detalleLibroComprasSet(
  set: LibroComprasSet,
  fecha: string,
  proveedor: { rut: string; razonSocial: string },
): LibroDetalleInput[] {
  return set.documentos.map((d) => {
    const iva = Math.round((d.afecto * TASA_IVA) / 100);
    const obs = normalize(d.observacion);
    const retenido = /RETENCION TOTAL/.test(obs);
    const ref = /(FACTURA(?: ELECTRONICA)?)\s+(\d+)\s*$/.exec(obs);
    return {
      tipoDoc: d.tipoDoc,
      folio: d.folio,
      fecha,
      rut: proveedor.rut,
      razonSocial: proveedor.razonSocial,
      exento: d.exento,
      neto: d.afecto,
      iva,
      total: d.exento + d.afecto + (retenido ? 0 : iva),
      ...(/USO COMUN/.test(obs) ? { ivaUsoComun: iva } : {}),
      ...(/ENTREGA GRATUITA/.test(obs) ? { ivaNoRecuperable: [{ codigo: 4 as const, monto: iva }] } : {}),
      ...(retenido ? { otrosImpuestos: [{ codigo: 15, tasa: TASA_IVA, monto: iva }] } : {}),
      ...(ref && [56, 55, 60, 61].includes(d.tipoDoc) ? { referencia: { tipoDoc: TIPOS[ref[1]], folio: Number(ref[2]) } } : {}),
    };
  });
}
