import type { DteLeido, ReferenciaLeida } from './dte-leido';

const NOTAS = new Set([56, 61, 111, 112]);

/** Formato DTE v2.2 §E field 2: numeric TpoDocRef; 801-820 non-tax; alphabetic ("SET", docs/research/sii-protocol.md §10) not validated. */
const DOCUMENTOS_TRIBUTARIOS = new Set([
  '30',
  '32',
  '33',
  '34',
  '35',
  '38',
  '39',
  '40',
  '41',
  '43',
  '45',
  '46',
  '50',
  '52',
  '55',
  '56',
  '60',
  '61',
  '103',
  '110',
  '111',
  '112',
]);

const COD_REF = new Set(['1', '2', '3']);

/** Formato DTE v2.2 §2.1, §E field 8: notes need a reference and CodRef; annulments and text fixes "DEBEN TENER UN ÚNICO DOCUMENTO". */
export function referenciaRechazos(dte: DteLeido): string[] {
  if (!NOTAS.has(dte.tipo)) return [];
  const documentos = dte.referencias.filter((r) => DOCUMENTOS_TRIBUTARIOS.has(r.tpoDocRef));
  if (documentos.length === 0) return ['(REF) Nota sin referencia al documento tributario que modifica'];
  const conCodigo = referenciasConCodRef(dte);
  if (conCodigo.length === 0) return ['(REF) Nota sin CodRef en la referencia al documento que modifica'];
  return conCodigo.some(unico) && documentos.length > 1 ? ['(REF) CodRef 1 o 2 con mas de un documento de referencia'] : [];
}

/** The references to the tax documents a note modifies: a tax document's TpoDocRef with CodRef 1-3 (§E fields 2, 8). */
export function referenciasConCodRef(dte: DteLeido): ReferenciaLeida[] {
  return dte.referencias.filter((r) => DOCUMENTOS_TRIBUTARIOS.has(r.tpoDocRef) && r.codRef !== undefined && COD_REF.has(r.codRef));
}

const unico = (r: ReferenciaLeida) => r.codRef === '1' || r.codRef === '2';
