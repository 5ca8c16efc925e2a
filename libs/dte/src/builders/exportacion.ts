import Decimal from 'decimal.js';
import { DteBuildError } from '../errors';
import {
  MONEDA_PESO,
  RUT_RECEPTOR_EXPORTACION,
  nombreAduana,
  type AduanaInput,
  type BultoInput,
  type ExportacionInput,
  type LineaExportacion,
  type MontosExportacion,
  type TablaAduana,
  totalesExportacion,
} from '../exportacion';
import { decimalOf, type Decimalish, type DescuentoRecargoGlobal, type LineaTotales } from '../totals';
import { el, fecha, optText, posInt, rut, timestamp } from './text';
import { cdgItems, dscRcgGlobalXml, emisor, idDocInicio, nombreItem, oneOf, receptor, referencia, transporte } from './partes';
import type { DetalleInput, EmisorInput, ReceptorInput, ReferenciaInput, TransporteInput } from './partes';

// The parts of an export document (DTE_v10.xsd Exportaciones, docs/research/exportacion.md §1) a Documento has not or writes otherwise.

/** Containers of tipos-bultos.json (not 77 ESTANQUE): "Campo obligatorio: Sello / Id. Container" (docs/research/exportacion.md §5). */
const BULTOS_CONTENEDOR = new Set([73, 74, 75, 76, 78]);

function codigo(field: string, value: number | undefined, tabla: TablaAduana, digits: number): number | undefined {
  if (value === undefined) return undefined;
  posInt(field, value, digits);
  if (nombreAduana(tabla, value) === undefined) {
    throw new DteBuildError(`${field} ${value} is not in the Aduana table ${tabla} (libs/dte/assets/aduana/${tabla}.json)`);
  }
  return value;
}

function decimalEl(name: string, value: Decimalish | undefined, places: number, max: string): string {
  if (value === undefined) return '';
  const d = decimalOf(value, name, places, max);
  if (d.lte(0)) throw new DteBuildError(`${name} must be greater than 0`);
  return el(name, d.toFixed());
}

/** What Formato DTE v2.2 §A marks obligatory in a factura de exportación 110 (docs/research/exportacion.md §2); IndServicio 4 is hotels. */
function checkObligatorios(tipo: number, indServicio: number | undefined, a: AduanaInput | undefined): void {
  if (tipo !== 110) return;
  const servicio = indServicio !== undefined;
  const faltan = [
    !servicio && a?.modalidad_venta === undefined && 'modalidad_venta (CodModVenta)',
    !servicio && a?.clausula_venta === undefined && 'clausula_venta (CodClauVenta)',
    !servicio && a?.total_clausula === undefined && 'total_clausula (TotClauVenta)',
    indServicio !== 4 && a?.via_transporte === undefined && 'via_transporte (CodViaTransp)',
    !servicio && a?.total_bultos === undefined && 'total_bultos (TotBultos)',
    a?.pais_receptor === undefined && 'pais_receptor (CodPaisRecep)',
  ].filter(Boolean);
  if (faltan.length > 0) {
    throw new DteBuildError(
      `a factura de exportación 110 carries exportacion.aduana ${faltan.join(', ')} (Formato DTE v2.2 §A fields 74-104)`,
    );
  }
}

function bulto(b: BultoInput, i: number): string {
  const tipo = codigo(`bultos.${i}.tipo`, b.tipo, 'tipos-bultos', 3) as number;
  if (!b.marcas?.trim()) throw new DteBuildError(`exportacion.aduana.bultos.${i}.marcas is obligatory (the SII's HED-2-804)`);
  if (BULTOS_CONTENEDOR.has(tipo) && (!b.id_container?.trim() || !b.sello?.trim())) {
    throw new DteBuildError(
      `exportacion.aduana.bultos.${i} is a container: it carries id_container and sello (docs/research/exportacion.md §5)`,
    );
  }
  return (
    '<TipoBultos>' +
    el('CodTpoBultos', tipo) +
    el('CantBultos', posInt(`bultos.${i}.cantidad`, b.cantidad, 10)) +
    optText('Marcas', b.marcas, 255) +
    optText('IdContainer', b.id_container, 25) +
    optText('Sello', b.sello, 20) +
    optText('EmisorSello', b.emisor_sello, 70, 'truncate') +
    '</TipoBultos>'
  );
}

/** Tara, PesoBruto and PesoNeto each with the unit code beside it (fields 89, 91, 93: "condicional" to the quantity). */
function pesos(a: AduanaInput): string {
  const pares: [string, Decimalish | undefined, string, number | undefined][] = [
    ['Tara', a.tara, 'CodUnidMedTara', a.unidad_tara],
    ['PesoBruto', a.peso_bruto, 'CodUnidPesoBruto', a.unidad_peso_bruto],
    ['PesoNeto', a.peso_neto, 'CodUnidPesoNeto', a.unidad_peso_neto],
  ];
  return pares
    .map(([nombre, valor, unidad, cod]) => {
      if ((valor === undefined) !== (cod === undefined))
        throw new DteBuildError(`${nombre} and ${unidad} go together (Formato DTE v2.2 §A)`);
      const cantidad =
        nombre === 'Tara'
          ? el(nombre, valor === undefined ? undefined : posInt(nombre, Number(valor), 7))
          : decimalEl(nombre, valor, 2, '99999999.99');
      return cantidad + el(unidad, codigo(unidad, cod, 'unidades-medida', 2));
    })
    .join('');
}

/** Transporte/Aduana in DTE_v10.xsd order; '' when there is none. @throws DteBuildError */
export function aduana(tipo: number, indServicio: number | undefined, a: AduanaInput | undefined): string {
  checkObligatorios(tipo, indServicio, a);
  if (!a) return '';
  if ((a.bultos ?? []).length > 10) throw new DteBuildError('at most 10 TipoBultos (DTE_v10.xsd)');
  const xml =
    el('CodModVenta', codigo('CodModVenta', a.modalidad_venta, 'modalidades-venta', 2)) +
    el('CodClauVenta', codigo('CodClauVenta', a.clausula_venta, 'clausulas-venta', 2)) +
    decimalEl('TotClauVenta', a.total_clausula, 2, '9999999999999999.99') +
    el('CodViaTransp', codigo('CodViaTransp', a.via_transporte, 'vias-transporte', 2)) +
    optText('NombreTransp', a.nombre_transporte, 40, 'truncate') +
    (a.rut_cia_transporte ? el('RUTCiaTransp', rut('RUTCiaTransp', a.rut_cia_transporte)) : '') +
    optText('NomCiaTransp', a.nombre_cia_transporte, 40, 'truncate') +
    optText('Booking', a.booking, 20) +
    optText('Operador', a.operador, 20) +
    el('CodPtoEmbarque', codigo('CodPtoEmbarque', a.puerto_embarque, 'puertos', 4)) +
    el('CodPtoDesemb', codigo('CodPtoDesemb', a.puerto_desembarque, 'puertos', 4)) +
    pesos(a) +
    el('TotItems', a.total_items === undefined ? undefined : posInt('TotItems', a.total_items, 18)) +
    el('TotBultos', a.total_bultos === undefined ? undefined : posInt('TotBultos', a.total_bultos, 18)) +
    (a.bultos ?? []).map(bulto).join('') +
    decimalEl('MntFlete', a.flete, 4, '99999999999999.9999') +
    decimalEl('MntSeguro', a.seguro, 4, '99999999999999.9999') +
    el('CodPaisRecep', codigo('CodPaisRecep', a.pais_receptor, 'paises', 3)) +
    el('CodPaisDestin', codigo('CodPaisDestin', a.pais_destino, 'paises', 3));
  return xml ? `<Aduana>${xml}</Aduana>` : '';
}

/** Receptor/Extranjero: Nacionalidad (paises.json) and IdAdicRecep; no NumId, which is for factura turista (FMT 53). */
export function extranjero(e: ExportacionInput): string {
  const xml = el('Nacionalidad', codigo('Nacionalidad', e.nacionalidad, 'paises', 3)) + optText('IdAdicRecep', e.id_adicional_receptor, 20);
  return xml ? `<Extranjero>${xml}</Extranjero>` : '';
}

export function checkReceptorExportacion(rutReceptor: string): void {
  if (rutReceptor !== RUT_RECEPTOR_EXPORTACION) {
    throw new DteBuildError(
      `an export document's receptor is ${RUT_RECEPTOR_EXPORTACION} ("En doctos. Exportac.", Formato DTE v2.2 §A field 50)`,
    );
  }
}

/** Totales and OtraMoneda in pesos (obligatory in practice: the SII's HED-3-834, docs/research/exportacion.md §3). */
export function totalesExportacionXml(m: MontosExportacion): string {
  return (
    `<Totales>${el('TpoMoneda', m.moneda)}${el('MntExe', m.exento)}${el('MntTotal', m.total)}</Totales>` +
    `<OtraMoneda>${el('TpoMoneda', MONEDA_PESO)}${el('TpoCambio', m.tipo_cambio)}` +
    `${el('MntExeOtrMnda', m.exento_pesos)}${el('MntTotOtrMnda', m.total_pesos)}</OtraMoneda>`
  );
}

/** DescuentoMonto, RecargoMonto are whole (MntImpType): a fractional one goes as its percent only (docs/research/exportacion.md §1). */
export function importesExportacion(d: LineaTotales, l: LineaExportacion): string {
  const entero = (v: string) => (new Decimal(v).gt(0) && new Decimal(v).isInteger() ? v : undefined);
  const pct = (name: string, v: Decimalish | undefined) => (v === undefined ? '' : el(name, decimalOf(v, name, 2, 999.99).toFixed()));
  return (
    pct('DescuentoPct', d.descuento_pct) +
    el('DescuentoMonto', entero(l.descuento)) +
    pct('RecargoPct', d.recargo_pct) +
    el('RecargoMonto', entero(l.recargo)) +
    el('MontoItem', l.monto)
  );
}

/** DscRcgGlobal of an export: ValorDR in the currency (or %), ValorDROtrMnda its pesos (or the same %), IndExeDR 1. */
export function dscRcgExportacion(g: DescuentoRecargoGlobal, valor: string, tipoCambio: string, n: number): string {
  if (g.unidad === '%') {
    const pct = decimalOf(g.valor, 'descuentos_recargos.valor', 2, 999.99).toFixed();
    return dscRcgGlobalXml(g, n, pct, el('ValorDROtrMnda', pct) + el('IndExeDR', 1));
  }
  // Dec14_4Type: the pesos with up to 4 decimals, above 0 (a whole-peso rounding would give 0 for a small amount in a weak currency).
  const pesos = new Decimal(valor).times(tipoCambio).toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
  if (pesos.lte(0) || pesos.gt('99999999999999.9999')) {
    throw new DteBuildError(
      `a global of ${valor} ${g.tipo === 'D' ? 'discount' : 'surcharge'} is ${pesos.toFixed()} pesos: outside ValorDROtrMnda (Dec14_4)`,
    );
  }
  return dscRcgGlobalXml(g, n, valor, el('ValorDROtrMnda', pesos.toFixed()) + el('IndExeDR', 1));
}

/** What an export reads of a DocumentoInput (builders/documento.ts passes its input). */
export interface DocExportacion {
  tipo_dte: number;
  folio: number;
  fecha_emision: string;
  forma_pago?: number;
  fecha_vencimiento?: string;
  tipo_despacho?: number;
  indicador_servicio?: number;
  ind_traslado?: number;
  tipo_transaccion_venta?: number;
  tipo_transaccion_compra?: number;
  pagos?: unknown[];
  comisiones?: unknown[];
  emisor: EmisorInput;
  receptor: ReceptorInput;
  transporte?: TransporteInput;
  detalle: DetalleInput[];
  referencias?: ReferenciaInput[];
  descuentos_recargos?: DescuentoRecargoGlobal[];
  exportacion?: ExportacionInput;
}

/** The fields of a Documento an Exportaciones has not (DTE_v10.xsd), refused rather than dropped. */
function checkSinCamposInternos(d: DocExportacion): void {
  const ajenos = [
    d.ind_traslado !== undefined && 'ind_traslado',
    d.tipo_transaccion_venta !== undefined && 'tipo_transaccion_venta',
    d.tipo_transaccion_compra !== undefined && 'tipo_transaccion_compra',
    (d.pagos ?? []).length > 0 && 'pagos',
    (d.comisiones ?? []).length > 0 && 'comisiones',
    d.tipo_despacho !== undefined && d.tipo_dte !== 110 && 'tipo_despacho',
  ].filter(Boolean);
  if (ajenos.length > 0)
    throw new DteBuildError(`an export document ${d.tipo_dte} carries no ${ajenos.join(', ')} (DTE_v10.xsd Exportaciones)`);
}

function idDocExportacion(d: DocExportacion, e: ExportacionInput): string {
  return (
    '<IdDoc>' +
    idDocInicio(d) +
    el('IndServicio', oneOf('indicador_servicio', d.indicador_servicio, [3, 4, 5])) +
    el('FmaPago', oneOf('forma_pago', d.forma_pago, [1, 2, 3])) +
    el('FmaPagExp', codigo('FmaPagExp', e.forma_pago_exportacion, 'formas-pago-exportacion', 2)) +
    el('FchVenc', d.fecha_vencimiento === undefined ? undefined : fecha('FchVenc', d.fecha_vencimiento)) +
    '</IdDoc>'
  );
}

/** One Detalle of an export: no IndExe (the whole document is exempt), amounts of {@link importesExportacion}. */
function detalleExportacion(d: DetalleInput, l: LineaExportacion, n: number): string {
  const positivo = (name: string, v: Decimalish) => {
    const x = decimalOf(v, name, 6, '999999999999.999999');
    return x.gt(0) ? el(name, x.toFixed()) : '';
  };
  return (
    '<Detalle>' +
    el('NroLinDet', n) +
    cdgItems(d) +
    nombreItem(d) +
    positivo('QtyItem', d.cantidad) +
    optText('UnmdItem', d.unidad, 4, 'truncate') +
    positivo('PrcItem', d.precio_unitario) +
    importesExportacion(d, l) +
    '</Detalle>'
  );
}

/** The unsigned `<DTE><Exportaciones ID="F{folio}T{tipo}">` of a 110, 111 or 112 (DTE_v10.xsd; docs/research/exportacion.md §1-§4).
 * @throws DteBuildError (no exportacion, a receptor not 55555555-5, a 111/112 without CodRef, Aduana rules or codes, Documento fields) */
export function buildExportaciones(d: DocExportacion, ted: string, tmstFirma: string): string {
  const e = d.exportacion;
  if (!e) throw new DteBuildError(`an export document ${d.tipo_dte} carries exportacion (moneda, tipo_cambio, aduana)`);
  checkSinCamposInternos(d);
  checkReceptorExportacion(d.receptor.rut);
  if (d.tipo_dte !== 110 && !(d.referencias ?? []).some((r) => r.codigo !== undefined)) {
    throw new DteBuildError(`a ${d.tipo_dte} references the export document it modifies with its CodRef (Formato DTE v2.2 §E)`);
  }
  const globales = d.descuentos_recargos ?? [];
  const m = totalesExportacion(d.detalle, globales, e);
  const encabezado =
    idDocExportacion(d, e) +
    emisor(d.emisor) +
    receptor(d.receptor, extranjero(e)) +
    transporte(d.transporte, aduana(d.tipo_dte, d.indicador_servicio, e.aduana)) +
    totalesExportacionXml(m);
  return (
    `<DTE version="1.0" xmlns="http://www.sii.cl/SiiDte"><Exportaciones ID="F${d.folio}T${d.tipo_dte}">` +
    `<Encabezado>${encabezado}</Encabezado>` +
    d.detalle.map((x, i) => detalleExportacion(x, m.lineas[i], i + 1)).join('') +
    globales.map((g, i) => dscRcgExportacion(g, m.globales[i], m.tipo_cambio, i + 1)).join('') +
    (d.referencias ?? []).map((r, i) => referencia(r, i + 1)).join('') +
    ted +
    el('TmstFirma', timestamp('TmstFirma', tmstFirma)) +
    '</Exportaciones></DTE>'
  );
}
