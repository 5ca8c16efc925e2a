import type { LibroDetalleInput } from '../builders/libro';
import { DteParseError } from '../errors';
import { TASA_IVA } from '../totals';
import { normalize } from './set-pruebas';

// SET LIBRO DE COMPRAS (docs/research/sii-protocol.md §10), answered with an ESPECIAL book; observations say how IVA is booked.
/** Formato DTE v2.2 §A TipoDTE, and the paper ones. */
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

/** One document; amounts CLP, `afecto` net. */
export interface DocumentoLibroSet {
  tipoDoc: number;
  folio: number;
  observacion: string;
  exento: number;
  afecto: number;
}

export interface LibroComprasSet {
  numeroAtencion: string;
  /** FACTOR DE PROPORCIONALIDAD (0..1), when given. */
  factorProporcionalidad?: number;
  documentos: DocumentoLibroSet[];
}

/** A single amount is taxed unless the observation says EXENT. @throws DteParseError for an unknown name or no documents. */
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

/** IVA USO COMUN -> IVAUsoComun; ENTREGA GRATUITA -> non-recoverable code 4; RETENCION TOTAL -> OtrosImp 15; "A FACTURA n" a reference. */
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
