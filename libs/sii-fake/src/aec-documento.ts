import type { SiiFakeState } from './state';
import { leerDte, type DteLeido } from './dte-leido';
import { normalizeRut } from './internal/rut';
import type { FirmaInterna, RegisteredDocument } from './types';

/** "Sólo códigos 33, 34, 46 y 43" (docs/research/cesion.md §4: FMT, Cesion_v10.xsd DTEFacturasType). */
export const TIPOS_CEDIBLES = [33, 34, 43, 46];

/** The DTE of the AEC as the stand-in read it and the record of its reception. */
export interface DocumentoCedido {
  dte: DteLeido;
  emisor: string;
  registrado: RegisteredDocument;
}

/** Why an inner signature is refused (docs/research/cesion.md §1.2's three contexts). */
export const SIN_CONTEXTO = 'no verifica en el archivo, con solo el namespace por defecto ni sin namespace';

/** RDC "Documento Invalido": INS "the DTE matches the one registered at the SII" (docs/research/cesion.md §3-§4), its signatures
 * verifying in some context (§1.2, §6.1). The problems, or the document. */
export function juzgarDocumento(state: SiiFakeState, dteXml: string | undefined, firmas: FirmaInterna[]): DocumentoCedido | string[] {
  let dte: DteLeido;
  try {
    if (!dteXml) throw new Error('sin DTE');
    dte = leerDte(dteXml);
  } catch (err) {
    return [`DTE ilegible: ${(err as Error).message}`];
  }
  const nombre = `DTE T${dte.tipo}F${dte.folio} de ${dte.rutEmisor}`;
  if (!TIPOS_CEDIBLES.includes(dte.tipo)) return [`${nombre}: tipo de documento no es cedible (solo 33, 34, 43 y 46)`];
  const emisor = normalizeRut(dte.rutEmisor) ?? dte.rutEmisor;
  const registrado = state.receivedDocument(emisor, dte.tipo, dte.folio);
  if (!registrado) return [`${nombre}: no recibido por el SII, o rechazado`];
  const problemas = [
    ...diferencias(dte, registrado).map((d) => `${nombre}: ${d} distinto del registrado en el SII`),
    ...firmasInvalidas(firmas),
  ];
  return problemas.length ? problemas : { dte, emisor, registrado };
}

function diferencias(dte: DteLeido, r: RegisteredDocument): string[] {
  const out: string[] = [];
  const receptor = normalizeRut(dte.rutRecep) ?? dte.rutRecep;
  if (receptor !== r.document.receptor) out.push(`RUTRecep ${dte.rutRecep}`);
  if (dte.fchEmis !== r.document.fechaEmision) out.push(`FchEmis ${dte.fchEmis}`);
  if (Number(dte.totales.mntTotal) !== r.document.montos.total) out.push(`MntTotal ${dte.totales.mntTotal ?? '(sin MntTotal)'}`);
  return out;
}

function firmasInvalidas(firmas: FirmaInterna[]): string[] {
  return firmas
    .filter((f) => !f.contexto && (f.que.startsWith('DTE') || f.que.startsWith('DocumentoDTECedido')))
    .map((f) => `Firma de ${f.que} invalida: ${SIN_CONTEXTO}`);
}
