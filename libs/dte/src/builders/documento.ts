import Decimal from 'decimal.js';
import { DteBuildError } from '../errors';
import {
  computeTotals,
  decimalOf,
  lineaMontos,
  montoGlobal,
  type DescuentoRecargoGlobal,
  type LineaMontos,
  type LineaTotales,
  type Montos,
  type TipoDteEmision,
} from '../totals';
import type { DdInput } from './dd-ted';
import type { ComisionInput } from '../comisiones';
import { comision, raizDe, totalComisiones, tpoDocLiq } from './liquidacion';
import { el, fecha, optText, posInt, timestamp } from './text';
import { TIPOS_DTE_EMITIDOS } from '../tipos-dte';
import { esExportacion, montosEnPesos, totalesExportacion, type ExportacionInput, type MontosExportacion } from '../exportacion';
import { buildExportaciones } from './exportacion';
import { cdgItems, dscRcgGlobalXml, emisor, idDocInicio, nombreItem, oneOf, receptor, referencia, transporte } from './partes';
import type { DetalleInput, EmisorInput, PagoInput, ReceptorInput, ReferenciaInput, TransporteInput } from './partes';

export type { DetalleInput, EmisorInput, PagoInput, ReceptorInput, ReferenciaInput, TransporteInput };
export { cdgItems, cdgSiiSucur, lugar, nombreItem } from './partes';

/** Everything `buildDte` needs for a type of TIPOS_DTE_EMITIDOS (dates America/Santiago): 1-60 lines; notes need 1-40 referencias. */
export interface DocumentoInput {
  tipo_dte: TipoDteEmision;
  folio: number;
  fecha_emision: string;
  forma_pago?: 1 | 2 | 3;
  fecha_vencimiento?: string;
  emisor: EmisorInput;
  receptor: ReceptorInput;
  detalle: DetalleInput[];
  referencias?: ReferenciaInput[];
  descuentos_recargos?: DescuentoRecargoGlobal[];
  /** IndServicio (field 9): 1 to 3 on a Documento; 3 to 5 on an export (3 calificados por Aduana, 4 hotelería, 5 transporte). */
  indicador_servicio?: 1 | 2 | 3 | 4 | 5;
  /** TipoDespacho (field 6): 1 by the receiver, 2 by the issuer to the receiver's premises, 3 by the issuer elsewhere. */
  tipo_despacho?: 1 | 2 | 3;
  /** IndTraslado (field 7, on a 52 only): 1 venta, 2 venta por efectuar, 3 consignación, 4 entrega gratuita, 5 traslado interno,
   * 6 otros traslados no venta, 7 guía de devolución, 8 traslado para exportación, 9 venta para exportación. */
  ind_traslado?: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
  transporte?: TransporteInput;
  tipo_transaccion_venta?: 1 | 2 | 3 | 4;
  tipo_transaccion_compra?: 1 | 2 | 3 | 4 | 5 | 6;
  pagos?: PagoInput[];
  /** Comisiones y Otros Cargos of a liquidación-factura 43 (1 to 20; Formato DTE v2.2 §F). */
  comisiones?: ComisionInput[];
  /** Currency, exchange rate, Aduana section of an export document 110, 111 or 112, and only there. */
  exportacion?: ExportacionInput;
}

function pagos(list: PagoInput[] = []): string {
  if (list.length > 30) throw new DteBuildError('at most 30 MntPagos (DTE_v10.xsd)');
  return list
    .map(
      (p) =>
        '<MntPagos>' +
        el('FchPago', fecha('FchPago', p.fecha)) +
        el('MntPago', posInt('MntPago', p.monto, 18)) +
        optText('GlosaPagos', p.glosa, 40, 'truncate') +
        '</MntPagos>',
    )
    .join('');
}

function idDoc(i: DocumentoInput): string {
  return (
    '<IdDoc>' +
    idDocInicio(i) +
    el('IndTraslado', oneOf('ind_traslado', i.ind_traslado, [1, 2, 3, 4, 5, 6, 7, 8, 9])) +
    el('IndServicio', oneOf('indicador_servicio', i.indicador_servicio, [1, 2, 3])) +
    el('TpoTranCompra', oneOf('tipo_transaccion_compra', i.tipo_transaccion_compra, [1, 2, 3, 4, 5, 6])) +
    el('TpoTranVenta', oneOf('tipo_transaccion_venta', i.tipo_transaccion_venta, [1, 2, 3, 4])) +
    el('FmaPago', oneOf('forma_pago', i.forma_pago, [1, 2, 3])) +
    pagos(i.pagos) +
    el('FchVenc', i.fecha_vencimiento === undefined ? undefined : fecha('FchVenc', i.fecha_vencimiento)) +
    '</IdDoc>'
  );
}

function totales(m: Montos, tipo: number): string {
  const taxed = m.neto > 0;
  return (
    '<Totales>' +
    (taxed ? el('MntNeto', m.neto) : '') +
    (m.exento > 0 ? el('MntExe', m.exento) : '') +
    (taxed ? el('TasaIVA', m.tasa_iva) + el('IVA', m.iva) : '') +
    m.impuestos_adicionales
      .map(
        (i) =>
          `<ImptoReten>${el('TipoImp', i.codigo)}${el('TasaImp', new Decimal(i.tasa).toFixed())}${el('MontoImp', i.monto)}</ImptoReten>`,
      )
      .join('') +
    (m.iva_no_retenido > 0 ? el('IVANoRet', m.iva_no_retenido) : '') +
    (m.garantia_envases > 0 ? el('GrntDep', m.garantia_envases) : '') +
    totalComisiones(m.comisiones, tipo) +
    el('MntTotal', m.total) +
    (m.no_facturable !== 0 ? el('MontoNF', m.no_facturable) : '') +
    '</Totales>'
  );
}

/** IndExe: 1 exempt (not written on a 34: Formato DTE v2.2 §C note 10), 2 not billable, 3 packaging deposit, 6 not billable negative. */
function indExe(tipo: TipoDteEmision, d: DetalleInput): number | undefined {
  if (d.no_facturable) return 2;
  if (d.garantia_envase) return 3;
  if (d.no_facturable_negativo) return 6;
  return d.exento && tipo !== 34 ? 1 : undefined;
}

function positive(name: string, value: LineaTotales['cantidad'] | undefined, places: number): string {
  if (value === undefined) return '';
  const d = decimalOf(value, name, places, '999999999999.999999');
  return d.gt(0) ? el(name, d.toFixed()) : '';
}

/** QtyItem to RecargoMonto of a Detalle line (the same order in DTE_v10.xsd and EnvioBOLETA_v11.xsd), from `lineaMontos`. */
export function importesItem(d: DetalleInput, m: LineaMontos): string {
  return (
    positive('QtyItem', d.cantidad, 6) +
    optText('UnmdItem', d.unidad, 4, 'truncate') +
    positive('PrcItem', d.precio_unitario, 6) +
    positive('DescuentoPct', d.descuento_pct, 2) +
    (m.descuento > 0 ? el('DescuentoMonto', m.descuento) : '') +
    positive('RecargoPct', d.recargo_pct, 2) +
    (m.recargo > 0 ? el('RecargoMonto', m.recargo) : '')
  );
}

function detalle(tipo: TipoDteEmision, d: DetalleInput, n: number): string {
  const m = lineaMontos(d);
  return (
    '<Detalle>' +
    el('NroLinDet', n) +
    cdgItems(d) +
    tpoDocLiq(tipo, d) +
    el('IndExe', indExe(tipo, d)) +
    nombreItem(d) +
    importesItem(d, m) +
    el('CodImpAdic', d.codigo_impuesto_adicional) +
    el('MontoItem', m.monto) +
    '</Detalle>'
  );
}

/** DscRcgGlobal (Formato DTE v2.2 §D): IndExeDR=1 when it applies to exempt lines (always on a 34). */
function dscRcgGlobal(tipo: TipoDteEmision, g: DescuentoRecargoGlobal, n: number): string {
  const valor =
    g.unidad === '%'
      ? decimalOf(g.valor, 'descuentos_recargos.valor', 2, 999.99).toFixed()
      : String(montoGlobal(g, Number.MAX_SAFE_INTEGER));
  return dscRcgGlobalXml(g, n, valor, g.aplica === 'exento' || tipo === 34 ? el('IndExeDR', 1) : '');
}

/** Totals of a DocumentoInput in CLP (the numbers `buildDte` writes; an export's pesos of OtraMoneda). @throws DteBuildError */
export function documentoTotals(input: DocumentoInput): Montos {
  if (esExportacion(input.tipo_dte)) return montosEnPesos(exportacionTotals(input));
  return computeTotals(input.tipo_dte, input.detalle, input.descuentos_recargos ?? [], input.comisiones ?? []);
}

/** The currency totals of an export document. @throws DteBuildError when it has no `exportacion` */
export function exportacionTotals(input: DocumentoInput): MontosExportacion {
  if (!input.exportacion) throw new DteBuildError(`an export document ${input.tipo_dte} carries exportacion (moneda, tipo_cambio, aduana)`);
  return totalesExportacion(input.detalle, input.descuentos_recargos ?? [], input.exportacion);
}

/** The DD fields of a DocumentoInput (RR, RSR, MNT = MntTotal, IT1 = first NmbItem), for `buildDd`. @throws DteBuildError */
export function ddInputFromDocumento(input: DocumentoInput, cafXml: string, tsted: string): DdInput {
  return {
    re: input.emisor.rut,
    td: input.tipo_dte,
    f: input.folio,
    fe: input.fecha_emision,
    rr: input.receptor.rut,
    rsr: input.receptor.razon_social,
    // An export's MNT is its MntTotal in the currency, as written (docs/research/exportacion.md §1: TED-3-640 otherwise).
    mnt: esExportacion(input.tipo_dte) ? exportacionTotals(input).total : documentoTotals(input).total,
    it1: input.detalle[0]?.nombre ?? '',
    cafXml,
    tsted,
  };
}

/** The unsigned, compact `<DTE><Documento ID="F{folio}T{tipo}">` (DTE_v10.xsd); the signer appends ds:Signature. @throws DteBuildError
 * (56/61 without referencias, IndTraslado off a 52 or missing on one, > 60 lines, > 40 references, invalid values); DteEncodingError */
export function buildDte(input: DocumentoInput, ted: string, tmstFirma: string): string {
  if (!(TIPOS_DTE_EMITIDOS as readonly number[]).includes(input.tipo_dte))
    throw new DteBuildError(`unsupported tipo_dte ${input.tipo_dte}`);
  const refs = input.referencias ?? [];
  if ((input.tipo_dte === 56 || input.tipo_dte === 61) && refs.length === 0) {
    throw new DteBuildError(`tipo_dte ${input.tipo_dte} requires at least one referencia (Formato DTE v2.2 §E)`);
  }
  if (input.detalle.length > 60) throw new DteBuildError('at most 60 Detalle lines (DTE_v10.xsd)');
  if (refs.length > 40) throw new DteBuildError('at most 40 Referencia (DTE_v10.xsd)');
  const globales = input.descuentos_recargos ?? [];
  if (globales.length > 20) throw new DteBuildError('at most 20 DscRcgGlobal (DTE_v10.xsd)');
  if (!/^<TED[\s>][\s\S]*<\/TED>$/.test(ted ?? '')) throw new DteBuildError('ted must be the <TED> built by buildTed');
  if (esExportacion(input.tipo_dte)) return buildExportaciones(input, ted, tmstFirma);
  if (input.exportacion) throw new DteBuildError(`exportacion is for an export document 110, 111 or 112, not a ${input.tipo_dte}`);
  if ((input.tipo_dte === 52) !== (input.ind_traslado !== undefined)) {
    throw new DteBuildError('IndTraslado is obligatory on a guía de despacho 52 and only there (Formato DTE v2.2 §A field 7)');
  }
  const montos = documentoTotals(input);
  const id = `F${input.folio}T${input.tipo_dte}`;
  const raiz = raizDe(input);
  const encabezado = `${idDoc(input)}${emisor(input.emisor)}${receptor(input.receptor)}${transporte(input.transporte)}${totales(montos, input.tipo_dte)}`;
  return (
    `<DTE version="1.0" xmlns="http://www.sii.cl/SiiDte"><${raiz} ID="${id}">` +
    `<Encabezado>${encabezado}</Encabezado>` +
    input.detalle.map((d, i) => detalle(input.tipo_dte, d, i + 1)).join('') +
    globales.map((g, i) => dscRcgGlobal(input.tipo_dte, g, i + 1)).join('') +
    refs.map((r, i) => referencia(r, i + 1)).join('') +
    (input.comisiones ?? []).map((c, i) => comision(c, i + 1, montos.tasa_iva)).join('') +
    ted +
    el('TmstFirma', timestamp('TmstFirma', tmstFirma)) +
    `</${raiz}></DTE>`
  );
}
