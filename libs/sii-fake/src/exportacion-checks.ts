import type { DteLeido } from './dte-leido';
import type { AduanaLeida, ExportacionLeida, OtraMonedaLeida } from './exportacion-leida';
import { codigosFueraDeTabla } from './exportacion-tablas';
import { pesos, valor } from './internal/aritmetica';
import { referenciasConCodRef } from './referencia-checks';
import { exportacionMontosReparos } from './totales-exportacion-checks';

/** Factura (110), nota de débito (111) and nota de crédito (112) de exportación, root `<Exportaciones>` (docs/research/exportacion.md §1). */
export const TIPOS_EXPORTACION = new Set([110, 111, 112]);

/** FMT field 50 (*): "En doctos. Exportac. 55.555.555-5". */
const RUT_EXPORTACION = '55555555-5';
/** FMT 129 and the 31/05/2017 bitácora: OtraMoneda in pesos (docs/research/exportacion.md §3). */
const PESO_CL = 'PESO CL';
/** FmaPagExp 21 "Sin pago" (FMT field 14, formas-pago-exportacion.json). */
const SIN_PAGO = '21';
/** Containers among CodTpoBultos (tipos-bultos.json note: 73 CONT20, 74 CONT40, 75 CONTENEDOR REFRIGERADO, 76 REEFER40, 78 CONTNOESP). */
const CONTENEDORES = new Set(['73', '74', '75', '76', '78']);

/** The SII's recorded glosas (docs/research/exportacion.md §5, [P] IDX-68864257261, IDX-68960498352, IDX-69013164418). */
const HED_3_834 = '(HED-3-834) Exportacion: seccion (OtraMoneda) obligatoria - montos en pesos chilenos';
const HED_2_804 = '(HED-2-804) Exportacion : Campo obligatorio :';
const HED_1_803 = '(HED-1-803) Forma de pago es Sin Pago. Mnt.Tot.en Otra Mon. debe ser cero';

/** RCH though DTE_v10.xsd lets it through: FMT obligatory for 110-112, or the SII answered so (docs/research/exportacion.md §5).
 * HED-2-804, level 2 and a "reparo" to peers, is kept RCH as the stricter reading (docs/research/sii-stand-in-rules.md). */
export function exportacionRechazos(dte: DteLeido): string[] {
  if (!TIPOS_EXPORTACION.has(dte.tipo)) return [];
  const exp = dte.exportacion ?? {};
  return [...receptor(dte), ...otraMoneda(exp.otraMoneda), ...bultos(exp.aduana), ...aduana110(dte.tipo, exp), ...notaDeExportacion(dte)];
}

/** Reparos (RLV) of 110-112: amounts (in place of totales-checks.ts's domestic ones), OtraMoneda in pesos, Aduana codes. */
export function exportacionReparos(dte: DteLeido): string[] {
  if (!TIPOS_EXPORTACION.has(dte.tipo)) return [];
  const exp = dte.exportacion ?? {};
  return [...exportacionMontosReparos(dte), ...enPesos(dte, exp), ...codigosFueraDeTabla(exp)];
}

/** FMT 50; docs/research/exportacion.md §1 (all peers, the fixture of §7). The domestic check-digit rule (encabezado-checks.ts) is not applied. */
function receptor(dte: DteLeido): string[] {
  return dte.rutRecep === RUT_EXPORTACION ? [] : [`(HED) Exportacion: RUT Receptor ${dte.rutRecep} distinto de ${RUT_EXPORTACION}`];
}

/** Research §3, §5 (HED-3-834): the XSD's minOccurs=0 notwithstanding; TpoMoneda "PESO CL" (FMT 129), the same code inferred. */
function otraMoneda(otra: OtraMonedaLeida | undefined): string[] {
  if (!otra) return [HED_3_834];
  return otra.tpoMoneda === PESO_CL ? [] : [`${HED_3_834} (TpoMoneda ${otra.tpoMoneda ?? '-'})`];
}

/** Research §5 (HED-2-804): Marcas in each TipoBultos (FMT 98); IdContainer and Sello (FMT 99-100) when the bulto is a container. */
function bultos(aduana: AduanaLeida | undefined): string[] {
  const faltan = (aduana?.tipoBultos ?? []).flatMap((b) => {
    const contenedor = b.codTpoBultos !== undefined && CONTENEDORES.has(String(Number(b.codTpoBultos)));
    return [
      ...(b.marcas ? [] : ['Marcas']),
      ...(contenedor && !b.idContainer ? ['Id. Container'] : []),
      ...(contenedor && !b.sello ? ['Sello'] : []),
    ];
  });
  return [...new Set(faltan)].map((campo) => `${HED_2_804} ${campo}`);
}

/** FMT column 110, fields 74-77, 95 and 104, by IndServicio (docs/research/exportacion.md §2); no code recorded, so the glosa
 * follows HED-2-804's wording. */
const OBLIGATORIOS_110: [Exclude<keyof AduanaLeida, 'tipoBultos'>, (indServicio?: string) => boolean][] = [
  ['codModVenta', (i) => !['3', '4', '5'].includes(i ?? '')],
  ['codClauVenta', (i) => !['3', '4', '5'].includes(i ?? '')],
  ['totClauVenta', (i) => !['3', '4', '5'].includes(i ?? '')],
  ['codViaTransp', (i) => i !== '4'],
  ['totBultos', (i) => i === undefined],
  ['codPaisRecep', () => true],
];

function aduana110(tipo: number, exp: ExportacionLeida): string[] {
  if (tipo !== 110) return [];
  return OBLIGATORIOS_110.filter(([campo, exigido]) => exigido(exp.indServicio) && !exp.aduana?.[campo]).map(
    ([campo]) => `(HED) Exportacion : Campo obligatorio : ${campo[0].toUpperCase()}${campo.slice(1)}`,
  );
}

/** Research §4, FMT Referencia field 2: a 111/112 "es obligatorio referenciar la factura de exportación que modifica" (or the
 * 112 a 111 cancels). A note with no CodRef reference at all is referencia-checks.ts's (R8). */
function notaDeExportacion(dte: DteLeido): string[] {
  const modificados = referenciasConCodRef(dte);
  if (dte.tipo === 110 || modificados.length === 0) return [];
  if (modificados.some((r) => TIPOS_EXPORTACION.has(Number(r.tpoDocRef)))) return [];
  return ['(REF) Nota de Exportacion sin referencia al documento de exportacion que modifica'];
}

/** Research §3: MntTotal, MntExe × TpoCambio in whole pesos, halves away from zero (RDE's PHP rounding; its
 * round(round(monto × 100) × TC / 100) too). Sin pago wants 0: HED-1-803, level 1, "reparo leve" to the peer, hence RLV. */
function enPesos(dte: DteLeido, exp: ExportacionLeida): string[] {
  const otra = exp.otraMoneda;
  if (otra?.tpoMoneda !== PESO_CL) return [];
  if (exp.fmaPagExp === SIN_PAGO) return valor(otra.mntTotOtrMnda).isZero() && valor(otra.mntExeOtrMnda).isZero() ? [] : [HED_1_803];
  if (otra.tpoCambio === undefined) return ['(HED) Exportacion: OtraMoneda sin TpoCambio'];
  const t = dte.totales;
  return [
    ...convertido('MntTotOtrMnda', otra.mntTotOtrMnda, 'MntTotal', t.mntTotal, otra.tpoCambio),
    ...(otra.mntExeOtrMnda === undefined ? [] : convertido('MntExeOtrMnda', otra.mntExeOtrMnda, 'MntExe', t.mntExe, otra.tpoCambio)),
  ];
}

function convertido(campo: string, enPeso: string | undefined, base: string, monto: string | undefined, tpoCambio: string): string[] {
  const tc = valor(tpoCambio);
  const lecturas = [pesos(valor(monto).times(tc)), pesos(pesos(valor(monto).times(100)).times(tc).dividedBy(100))];
  if (lecturas.some((v) => v.eq(valor(enPeso)))) return [];
  return [`(HED) ${campo} ${valor(enPeso)} distinto de ${base} x TpoCambio en pesos (${lecturas[0]})`];
}
