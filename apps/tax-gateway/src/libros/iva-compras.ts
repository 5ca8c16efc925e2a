import type { LibroDetalleInput } from '@lib/dte';
import { ProblemException } from '@lib/schemas';

/** The tenant's classification of one purchase's IVA (GenerarLibroDto `iva_compras`). */
export interface IvaCompraLinea {
  tipo_dte: number;
  folio: number;
  /** Normalized RUT (the DTO's IsRut). */
  rut_emisor: string;
  iva_uso_comun?: true;
  /** CodIVANoRec (LibroCV_v10.xsd): 1 exempt or untaxed operations, 2 registered late, 3 rejected expenses, 4 free delivery, 9 other. */
  iva_no_recuperable?: 1 | 2 | 3 | 4 | 9;
}

const clave = (tipo: number, folio: number, rut: string) => `${tipo}|${folio}|${rut}`;

/** IVA de uso común needs the proportionality factor: its credit is TotIVAUsoComun × FctProp. */
export function validateIvaCompras(lineas: IvaCompraLinea[], factor: number | string | undefined): void {
  const vistas = new Map<string, number>();
  lineas.forEach((l, i) => {
    if (l.iva_uso_comun && l.iva_no_recuperable !== undefined) {
      conflicto(i, 'a purchase is either IVA de uso común or non-recoverable IVA, not both');
    }
    const k = clave(l.tipo_dte, l.folio, l.rut_emisor);
    const antes = vistas.get(k);
    if (antes !== undefined) conflicto(i, `the same document as iva_compras[${antes}]`);
    vistas.set(k, i);
  });
  if (factor === undefined && lineas.some((l) => l.iva_uso_comun)) {
    throw new ProblemException(
      422,
      'factor_proporcionalidad_required',
      'IVA de uso común needs factor_proporcionalidad: its credit is TotIVAUsoComun × FctProp (LibroCV_v10.xsd).',
    );
  }
}

function conflicto(i: number, message: string): never {
  const field = `iva_compras[${i}]`;
  throw new ProblemException(422, 'iva_compra_conflict', `${field}: ${message}.`, { errors: [{ field, message }] });
}

/** IVA de uso común goes whole to IVAUsoComun, non-recoverable to IVANoRec of its code; the builder writes MntIVA as what is left. */
export function classifyIvaCompras(detalle: LibroDetalleInput[], lineas: IvaCompraLinea[]): LibroDetalleInput[] {
  const porDocumento = new Map(lineas.map((l, i) => [clave(l.tipo_dte, l.folio, l.rut_emisor), { l, i }]));
  const out = detalle.map((d) => {
    const k = clave(d.tipoDoc, d.folio, d.rut);
    const found = porDocumento.get(k);
    if (!found) return d;
    porDocumento.delete(k);
    if (found.l.iva_uso_comun) return { ...d, ivaUsoComun: d.iva };
    if (found.l.iva_no_recuperable !== undefined) return { ...d, ivaNoRecuperable: [{ codigo: found.l.iva_no_recuperable, monto: d.iva }] };
    return d;
  });
  const [sobrante] = [...porDocumento.values()].sort((a, b) => a.i - b.i);
  if (sobrante) {
    const field = `iva_compras[${sobrante.i}]`;
    const { tipo_dte, folio, rut_emisor } = sobrante.l;
    const message =
      `no document ${tipo_dte} folio ${folio} of ${rut_emisor} in the book: the book holds the received DTEs of the period ` +
      'whose checks held, of a LibroCV type and without a claim registered in the RCV';
    throw new ProblemException(422, 'documento_not_found', `${field}: ${message}.`, { errors: [{ field, message }] });
  }
  return out;
}
