import type { SiiFakeState } from './state';
import { leerDte, type CafLeido, type DteLeido } from './dte-leido';
import { claveRsapk, firmaSha1Valida } from './internal/timbre';

/** docs/research/sii-protocol.md §3.4; certification uses 100. */
const PRODUCTION_IDK = 300;

/** TED and CAF at upload (STATUS 8; docs/research/sii-protocol.md §2.3-2.4, §3.3-3.4) with the stand-in's own cryptography;
 * one line per failure. */
export function checkDocument(authority: SiiFakeState, dteXml: string): string[] {
  let dte: DteLeido;
  try {
    dte = leerDte(dteXml);
  } catch (err) {
    return [`DTE ilegible: ${(err as Error).message}`];
  }
  const label = `DTE T${dte.tipo}F${dte.folio}`;
  const ted = dte.ted;
  if (!ted?.ddTexto) return [`${label}: sin TED`];
  const caf = ted.caf;
  if (!caf?.daTexto || !caf.m || !caf.e) return [`${label}: TED sin CAF`];
  const errors = cafProblems(authority, dte, caf).map((e) => `${label}: ${e}`);
  if (!firmaTed(ted.ddTexto, ted.frmt, caf)) errors.push(`${label}: Firma del TED (FRMT) invalida`);
  return errors;
}

function cafProblems(authority: SiiFakeState, dte: DteLeido, caf: CafLeido): string[] {
  const errors: string[] = [];
  if (Number(caf.idk) === PRODUCTION_IDK && authority.options.cafIdk !== PRODUCTION_IDK)
    errors.push(`CAF de otro ambiente (IDK ${caf.idk})`);
  else if (!firmaSha1Valida(caf.daTexto ?? '', caf.frma ?? '', authority.keyMaterial.certificatePem)) {
    errors.push('CAF no autorizado por el SII (FRMA invalida)');
  }
  if (Number(caf.td) !== dte.tipo) errors.push(`CAF de tipo ${caf.td}, no ${dte.tipo}`);
  if (caf.re !== dte.rutEmisor) errors.push(`CAF de ${caf.re}, no del emisor ${dte.rutEmisor}`);
  if (!(dte.folio >= Number(caf.desde) && dte.folio <= Number(caf.hasta)))
    errors.push(`Folio fuera de rango CAF (${caf.desde}-${caf.hasta})`);
  return errors;
}

function firmaTed(ddTexto: string, frmt: string, caf: CafLeido): boolean {
  try {
    return firmaSha1Valida(ddTexto, frmt, claveRsapk(caf.m ?? '', caf.e ?? ''));
  } catch {
    return false;
  }
}
