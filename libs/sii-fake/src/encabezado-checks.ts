import type { DteLeido } from './dte-leido';
import { TIPOS_EXPORTACION, exportacionRechazos } from './exportacion-checks';
import { rutDv } from './internal/rut';
import { boletaRechazos } from './totales-boleta-checks';
import { liquidacionRechazos } from './liquidacion-checks';
import { RETENCIONES_DE_COMPRA } from './totales-checks';

/** DirOrigen and CmnaOrigen (fields 44-45) obligatory (Formato DTE v2.2 §A); optional for notes 56, 61, 111, 112. */
const DIR_ORIGEN_OBLIGATORIA = new Set([33, 34, 43, 46, 52, 110]);
const CMNA_ORIGEN_OBLIGATORIA = new Set([33, 34, 52]);

/** "Cuerpo numérico entre 100.000 y 99 millones" (Formato DTE v2.2 §A field 50). */
const RUT_MIN = 100_000;
const RUT_MAX = 99_999_999;

/** Header rules rejected (RCH), Formato DTE v2.2 §A; codes unknown, glosas name the section (docs/research/sii-protocol.md §2.8). */
export function encabezadoRechazos(dte: DteLeido): string[] {
  return [
    ...origen(dte),
    ...guia(dte),
    ...rutReceptor(dte),
    ...facturaSinAfectas(dte),
    ...boletaRechazos(dte),
    ...retencionAjena(dte),
    ...liquidacionRechazos(dte),
    ...exportacionRechazos(dte),
  ];
}

/** IndTraslado and CmnaDest (fields 7, 72) are obligatory in the GUIA column of Formato DTE v2.2 §A; DTE_v10.xsd leaves both
 * optional, so the schema alone lets a guía without them through. */
function guia(dte: DteLeido): string[] {
  if (dte.tipo !== 52) return [];
  const out: string[] = [];
  if (!dte.indTraslado) out.push('(HED) Guia de Despacho sin Indicador de Traslado');
  if (!dte.cmnaDest) out.push('(HED) Guia de Despacho sin Comuna de Destino');
  return out;
}

/** Peers quote the rejection "RECHAZO- DTE Sin Comuna Origen" (Odoo documentation PR #941). */
function origen(dte: DteLeido): string[] {
  const out: string[] = [];
  if (DIR_ORIGEN_OBLIGATORIA.has(dte.tipo) && !dte.dirOrigen) out.push('(HED) Falta Direccion de Origen');
  if (CMNA_ORIGEN_OBLIGATORIA.has(dte.tipo) && !dte.cmnaOrigen) out.push('(HED) Falta Comuna de Origen');
  return out;
}

/** RUTRecep (field 50, "*") invalid: "será rechazado" (§2.2); RUTType checks only the shape, the check digit is the SII's (§2.9). */
function rutReceptor(dte: DteLeido): string[] {
  // 110-112 carry 55555555-5 (field 50): exportacion-checks.ts judges it.
  if (TIPOS_EXPORTACION.has(dte.tipo)) return [];
  const m = /^(\d+)-([\dK])$/.exec(dte.rutRecep);
  const body = m ? Number(m[1]) : NaN;
  const valido = m !== null && body >= RUT_MIN && body <= RUT_MAX && rutDv(body) === m[2];
  return valido ? [] : [`(HED) RUT Receptor ${dte.rutRecep} invalido (digito verificador)`];
}

/** §B field 5 IndExe: all items exempt "no puede ser factura electrónica (código 33), debería ser factura exenta (código 34)". */
function facturaSinAfectas(dte: DteLeido): string[] {
  if (dte.tipo !== 33 || dte.lineas.length === 0) return [];
  return dte.lineas.some((l) => l.indExe === undefined) ? [] : ['(DET) Factura afecta sin lineas afectas'];
}

/** §4 "Documentos en que se aplica": the IVA retentions go on a factura de compra (45, 46) and its notes only. Code unknown. */
function retencionAjena(dte: DteLeido): string[] {
  if ([45, 46, 55, 56, 60, 61].includes(dte.tipo)) return [];
  const codigos = [...new Set([...dte.lineas.flatMap((l) => l.codImpAdic), ...dte.totales.imptoReten.map((i) => i.tipoImp)])];
  return codigos
    .filter((c) => RETENCIONES_DE_COMPRA.has(c))
    .map((c) => `(DET) Codigo de retencion ${c} solo en Factura de Compra o sus notas`);
}
