import { isValidRut, normalizeRut } from '@lib/rut';
import { ParsedDte, fechaFueraDeRango, isCalendarDate } from '@lib/dte';
import { ProblemException } from '@lib/schemas';
import { sha256Hex } from '@lib/platform';
import { DteMontos } from './booking-rules';

/** RUTs canonical, amounts safe integers; `xml` null for a purchase booked from the RCV's data (docs/accounting.md "RCV reconciliation"). */
export interface ReceivedDte {
  tipo: number;
  folio: number;
  fecha: string;
  emisor: { rut: string; razon_social: string };
  receptorRut: string;
  montos: DteMontos;
  xml: string | null;
  xmlSha256: string | null;
}

/** The parser does not verify RUTs, folio, date or amounts: 422 `invalid_dte` when one is unusable. */
export function toReceivedDte(d: ParsedDte, index: number): ReceivedDte {
  const errors: { field: string; message: string }[] = [];
  const field = (f: string, message: string) => errors.push({ field: `dte.${index}.${f}`, message });
  if (!isValidRut(d.emisor.rut)) field('emisor.rut', 'RUTEmisor is not a valid RUT');
  if (!isValidRut(d.receptor.rut)) field('receptor.rut', 'RUTRecep is not a valid RUT');
  if (!Number.isSafeInteger(d.folio) || d.folio <= 0) field('folio', 'Folio must be a positive integer');
  if (!isCalendarDate(d.fecha_emision)) field('fecha_emision', 'FchEmis must be YYYY-MM-DD');
  else if (fechaFueraDeRango(d.fecha_emision)) field('fecha_emision', `FchEmis ${fechaFueraDeRango(d.fecha_emision)}`);
  const montos = { neto: d.montos.neto, exento: d.montos.exento, iva: d.montos.iva, total: d.montos.total };
  for (const [k, v] of Object.entries(montos)) {
    if (!Number.isSafeInteger(v) || v < 0) field(`montos.${k}`, `${k} must be whole pesos >= 0`);
  }
  if (errors.length > 0) {
    throw new ProblemException(
      422,
      'invalid_dte',
      `DTE ${d.tipo_dte} N° ${d.folio} cannot be booked: ${errors.map((e) => e.message).join('; ')}`,
      { errors },
    );
  }
  return {
    tipo: d.tipo_dte,
    folio: d.folio,
    fecha: d.fecha_emision,
    emisor: { rut: normalizeRut(d.emisor.rut), razon_social: (d.emisor.razon_social || normalizeRut(d.emisor.rut)).slice(0, 200) },
    receptorRut: normalizeRut(d.receptor.rut),
    montos,
    xml: d.xml,
    xmlSha256: sha256Hex(d.xml),
  };
}
