import type { DteLeido, ReferenciaLeida } from './dte-leido';

/** Notes that modify another document: débito 56 and crédito 61 (and their export forms 111, 112). */
const NOTAS = new Set([56, 61, 111, 112]);

/**
 * The tax documents TpoDocRef names with a number (Formato DTE v2.2 §E field 2: "Si se requiere referenciar un
 * documento tributario se debe utilizar un valor Numérico"); 801-820 are non-tax documents (orden de compra, ...)
 * and an alphabetic value ("SET" in certification, docs/research/sii-protocol.md §10) is not validated.
 */
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

/** CodRef (§E field 8): 1 anula, 2 corrige texto, 3 corrige montos. */
const COD_REF = new Set(['1', '2', '3']);

/**
 * What the SII checks in the references of a note, SII Formato DTE v2.2: the zone "Información Referencia" is
 * obligatory (1) for notas de crédito and débito (§2.1 zone table: "se debe identificar ... la Factura que se está
 * modificando con una Nota de crédito o de débito"); CodRef is obligatory (1) for them (§E field 8); and cases
 * a) b) c) of CodRef, annulments (1) and text corrections (2), "DEBEN TENER UN ÚNICO DOCUMENTO DE REFERENCIA".
 * A note that does not say which document it modifies, or how, cannot be applied to it, so the stand-in rejects
 * (RCH); the SII's codes are not in the sources we hold, the glosas name the section (REF).
 */
export function referenciaRechazos(dte: DteLeido): string[] {
  if (!NOTAS.has(dte.tipo)) return [];
  const documentos = dte.referencias.filter((r) => DOCUMENTOS_TRIBUTARIOS.has(r.tpoDocRef));
  if (documentos.length === 0) return ['(REF) Nota sin referencia al documento tributario que modifica'];
  const conCodigo = documentos.filter((r) => r.codRef !== undefined && COD_REF.has(r.codRef));
  if (conCodigo.length === 0) return ['(REF) Nota sin CodRef en la referencia al documento que modifica'];
  return conCodigo.some(unico) && documentos.length > 1 ? ['(REF) CodRef 1 o 2 con mas de un documento de referencia'] : [];
}

const unico = (r: ReferenciaLeida) => r.codRef === '1' || r.codRef === '2';
