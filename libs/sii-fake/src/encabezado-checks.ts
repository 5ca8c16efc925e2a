import type { DteLeido } from './dte-leido';
import { rutDv } from './internal/rut';

/**
 * Types whose DirOrigen (field 44) is obligatory (1) in Formato DTE v2.2 §A: facturas 33, 34, guía 52, factura de
 * compra 46, liquidación-factura 43, factura de exportación 110. For notes 56, 61, 111 and 112 it is optional (3).
 */
const DIR_ORIGEN_OBLIGATORIA = new Set([33, 34, 43, 46, 52, 110]);
/** Types whose CmnaOrigen (field 45) is obligatory (1): 33, 34 and 52; optional (3) in the rest. */
const CMNA_ORIGEN_OBLIGATORIA = new Set([33, 34, 52]);

/** RUT bodies the manual accepts: "Cuerpo numérico entre 100.000 y 99 millones" (Formato DTE v2.2 §A field 50). */
const RUT_MIN = 100_000;
const RUT_MAX = 99_999_999;

/**
 * The header rules the stand-in rejects a document for (RCH), each from SII Formato DTE v2.2 §A. The SII's codes for
 * them are not in the sources we hold; the glosas name the section (HED encabezado, DET detalle) as its answers do
 * (docs/research/sii-protocol.md §2.8).
 */
export function encabezadoRechazos(dte: DteLeido): string[] {
  return [...origen(dte), ...rutReceptor(dte), ...facturaSinAfectas(dte)];
}

/**
 * DirOrigen and CmnaOrigen where the manual makes them obligatory (fields 44-45); [P] peers quote the SII's
 * rejection "RECHAZO- DTE Sin Comuna Origen" (Odoo documentation PR #941, l10n_cl common errors).
 */
function origen(dte: DteLeido): string[] {
  const out: string[] = [];
  if (DIR_ORIGEN_OBLIGATORIA.has(dte.tipo) && !dte.dirOrigen) out.push('(HED) Falta Direccion de Origen');
  if (CMNA_ORIGEN_OBLIGATORIA.has(dte.tipo) && !dte.cmnaOrigen) out.push('(HED) Falta Comuna de Origen');
  return out;
}

/**
 * RUTRecep (field 50) is marked "*": without a valid one "el DTE no se considerará válidamente emitido y será
 * rechazado" (§2.2). Validation: body between 100.000 and 99 millions, hyphen and check digit (modulo 11,
 * docs/research/sii-protocol.md §2.9). The XSD's RUTType only checks the shape, so the check digit is the SII's.
 */
function rutReceptor(dte: DteLeido): string[] {
  const m = /^(\d+)-([\dK])$/.exec(dte.rutRecep);
  const body = m ? Number(m[1]) : NaN;
  const valido = m !== null && body >= RUT_MIN && body <= RUT_MAX && rutDv(body) === m[2];
  return valido ? [] : [`(HED) RUT Receptor ${dte.rutRecep} invalido (digito verificador)`];
}

/**
 * §B field 5 IndExe: "Si todos los ítems de una factura tienen valor 1 en este indicador la factura no puede ser
 * factura electrónica (código 33), debería ser factura exenta (código 34)".
 */
function facturaSinAfectas(dte: DteLeido): string[] {
  if (dte.tipo !== 33 || dte.lineas.length === 0) return [];
  return dte.lineas.some((l) => l.indExe === undefined) ? [] : ['(DET) Factura afecta sin lineas afectas'];
}
