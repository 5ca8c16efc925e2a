import type { MovimientoView } from '@lib/contracts';
import { daysBetween } from '@lib/dte';
import { tryNormalizeRut } from '@lib/rut';

/**
 * How a bank movement is matched with an open receivable or payable (docs/accounting.md "Bank reconciliation"): money in
 * (monto > 0) with a sale not yet collected, money out with a purchase not yet paid. Each reason weighs:
 * - `monto` (3): the movement's amount is the document's open balance, to the peso;
 * - `rut` (2): the movement's counterpart RUT, or the RUT written in its description, is the document's customer or supplier;
 * - `folio` (2): the description names the document's folio (a whole number standing alone, e.g. "FACT 1234");
 * - `fecha` (1): the movement is dated from the document's date to 90 days after it.
 * A document is suggested when its amount matches, or when both its RUT and its folio do: a partial payment that names the
 * document still shows, a stranger paying the same amount only with the amount's weight. At most five per movement, best first.
 */
export interface DocumentoAbierto {
  tipo: 'emitido' | 'recibido';
  id: string;
  tipo_dte: number;
  folio: number;
  rut: string;
  razon_social: string;
  fecha: string;
  total: number;
  /** What is still to collect or pay, CLP. */
  saldo: number;
}

export type Razon = 'monto' | 'rut' | 'folio' | 'fecha';

export interface Sugerencia {
  documento: DocumentoAbierto;
  puntaje: number;
  razones: Razon[];
}

const PESO: Record<Razon, number> = { monto: 3, rut: 2, folio: 2, fecha: 1 };
const MAX_SUGERENCIAS = 5;
const DIAS_PLAZO = 90;

export function sugerencias(m: MovimientoView, abiertos: DocumentoAbierto[]): Sugerencia[] {
  const tipo = m.monto > 0 ? 'emitido' : 'recibido';
  const pistas = pistasDe(m);
  const out: Sugerencia[] = [];
  for (const d of abiertos) {
    if (d.tipo !== tipo || d.saldo <= 0) continue;
    const razones = razonesDe(m, pistas, d);
    const sugerible = razones.includes('monto') || (razones.includes('rut') && razones.includes('folio'));
    if (sugerible) out.push({ documento: d, puntaje: razones.reduce((n, r) => n + PESO[r], 0), razones });
  }
  return out.sort((a, b) => b.puntaje - a.puntaje || a.documento.fecha.localeCompare(b.documento.fecha)).slice(0, MAX_SUGERENCIAS);
}

/** What a movement names, read once for all the documents it is compared with: RUTs (canonical) and standalone whole numbers. */
interface Pistas {
  ruts: Set<string>;
  numeros: Set<string>;
}

function pistasDe(m: MovimientoView): Pistas {
  const ruts = new Set(rutsEn(m.descripcion));
  if (m.contraparte?.rut) ruts.add(m.contraparte.rut);
  // A number standing alone: no digit or dot on either side ("FACT 1234", not "1.234"), leading zeros dropped.
  const numeros = new Set([...m.descripcion.matchAll(/(?<![\d.])\d+(?![\d.])/g)].map((n) => n[0].replace(/^0+/, '')));
  return { ruts, numeros };
}

function razonesDe(m: MovimientoView, pistas: Pistas, d: DocumentoAbierto): Razon[] {
  const razones: Razon[] = [];
  if (Math.abs(m.monto) === d.saldo) razones.push('monto');
  if (pistas.ruts.has(d.rut)) razones.push('rut');
  if (pistas.numeros.has(String(d.folio))) razones.push('folio');
  if (m.fecha >= d.fecha && daysBetween(d.fecha, m.fecha) <= DIAS_PLAZO) razones.push('fecha');
  return razones;
}

/** Valid RUTs written in a text (`12.345.678-5`, `12345678-5`), canonical. */
function rutsEn(texto: string): string[] {
  return [...texto.matchAll(/\b\d{1,2}\.?\d{3}\.?\d{3}-?[\dkK]\b/g)].flatMap((m) => tryNormalizeRut(m[0]) ?? []);
}
