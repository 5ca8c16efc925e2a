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
import { el, fecha, optText, posInt, reqText, rut, timestamp, transliterate } from './text';
import { TIPOS_DTE_EMITIDOS } from '../tipos-dte';

/** Emisor, limits of DTE_v10.xsd: RznSoc is refused when over 100 (the legal name must be exact); the other texts are truncated. */
export interface EmisorInput {
  rut: string;
  razon_social: string;
  giro: string;
  acteco: number | number[];
  telefono?: string;
  correo?: string;
  cdg_sii_sucur?: number;
  direccion?: string;
  comuna?: string;
  ciudad?: string;
}

/** Receptor, DTE_v10.xsd: RznSocRecep over 100 is refused; GiroRecep ≤ 40, Contacto ≤ 80, DirRecep ≤ 70, comuna, ciudad ≤ 20 truncated. */
export interface ReceptorInput {
  rut: string;
  razon_social: string;
  giro?: string;
  contacto?: string;
  correo?: string;
  direccion?: string;
  comuna?: string;
  ciudad?: string;
}

/** One Detalle line: a name over NmbItem's 80 characters opens DscItem; codigo is CdgItem INT1, `codigos` the others (≤ 5 in all). */
export interface DetalleInput extends LineaTotales {
  nombre: string;
  /** TpoDocLiq (≤ 3): on a liquidación-factura 43 each line is a liquidated document of this type (99: anticipo), and only there. */
  tipo_doc_liq?: string;
  descripcion?: string;
  unidad?: string;
  codigo?: string;
  codigos?: { tipo: string; valor: string }[];
}

/** One payment of a credit sale (MntPagos: FchPago, MntPago in CLP, GlosaPagos ≤ 40). */
export interface PagoInput {
  fecha: string;
  monto: number;
  glosa?: string;
}

/** Formato DTE v2.2 §E: TpoDocRef a DTE type or e.g. "SET", "801"; CodRef 1 anula, 2 corrige texto, 3 corrige montos; IndGlobal=1 FolioRef 0. */
export interface ReferenciaInput {
  tipo_doc: number | string;
  folio: number | string;
  fecha: string;
  codigo?: 1 | 2 | 3;
  razon?: string;
  global?: boolean;
  rut_otro?: string;
}

/**
 * Transporte (Formato DTE v2.2 §A fields 67-73, DTE_v10.xsd): Patente ≤ 8, RUTTrans, Chofer (RUTChofer with NombreChofer
 * ≤ 30), DirDest ≤ 70, CmnaDest and CiudadDest ≤ 20 (the destination when it is not the receiver's address).
 */
export interface TransporteInput {
  patente?: string;
  rut_transportista?: string;
  chofer?: { rut: string; nombre: string };
  direccion_destino?: string;
  comuna_destino?: string;
  ciudad_destino?: string;
}

/** Everything `buildDte` needs for a 33, 34, 52, 56 or 61 (dates America/Santiago): 1-60 lines; 56 and 61 need 1-40 referencias. */
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
  indicador_servicio?: 1 | 2 | 3;
  /** TipoDespacho (field 6): 1 by the receiver, 2 by the issuer to the receiver's premises, 3 by the issuer elsewhere. */
  tipo_despacho?: 1 | 2 | 3;
  /**
   * IndTraslado (field 7, obligatory on a 52 and only there): 1 constituye venta, 2 venta por efectuar, 3 consignación,
   * 4 entrega gratuita, 5 traslado interno, 6 otros traslados no venta, 7 guía de devolución, 8 traslado para exportación,
   * 9 venta para exportación.
   */
  ind_traslado?: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
  transporte?: TransporteInput;
  tipo_transaccion_venta?: 1 | 2 | 3 | 4;
  tipo_transaccion_compra?: 1 | 2 | 3 | 4 | 5 | 6;
  pagos?: PagoInput[];
  /** Comisiones y Otros Cargos of a liquidación-factura 43 (1 to 20; Formato DTE v2.2 §F). */
  comisiones?: ComisionInput[];
}

function oneOf<T extends number>(name: string, value: T | undefined, allowed: readonly number[]): T | undefined {
  if (value !== undefined && !allowed.includes(value)) throw new DteBuildError(`${name} must be one of ${allowed.join(', ')}`);
  return value;
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

/**
 * IdDoc in DTE_v10.xsd order: TipoDTE, Folio, FchEmis, TipoDespacho, IndTraslado, IndServicio, TpoTranCompra, TpoTranVenta,
 * FmaPago, MntPagos, FchVenc.
 */
function idDoc(i: DocumentoInput): string {
  return (
    '<IdDoc>' +
    el('TipoDTE', i.tipo_dte) +
    el('Folio', posInt('Folio', i.folio)) +
    el('FchEmis', fecha('FchEmis', i.fecha_emision)) +
    el('TipoDespacho', oneOf('tipo_despacho', i.tipo_despacho, [1, 2, 3])) +
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

/**
 * Dir, Cmna and Ciudad of the issuer (`Origen`), the receiver (`Recep`) or the goods' destination (`Dest`), truncated to
 * 70, 20 and 20 characters (DTE_v10.xsd and EnvioBOLETA_v11.xsd alike).
 */
export function lugar(sufijo: 'Origen' | 'Recep' | 'Dest', l: { direccion?: string; comuna?: string; ciudad?: string }): string {
  return (
    optText(`Dir${sufijo}`, l.direccion, 70, 'truncate') +
    optText(`Cmna${sufijo}`, l.comuna, 20, 'truncate') +
    optText(`Ciudad${sufijo}`, l.ciudad, 20, 'truncate')
  );
}

/** CdgSIISucur, the SII's code of the issuing branch (9 digits), when there is one. */
export function cdgSiiSucur(e: EmisorInput): string {
  return el('CdgSIISucur', e.cdg_sii_sucur === undefined ? undefined : posInt('CdgSIISucur', e.cdg_sii_sucur, 9));
}

function emisor(e: EmisorInput): string {
  const acteco = Array.isArray(e.acteco) ? e.acteco : [e.acteco];
  if (acteco.length < 1 || acteco.length > 4) throw new DteBuildError('emisor.acteco needs 1 to 4 codes');
  return (
    '<Emisor>' +
    el('RUTEmisor', rut('RUTEmisor', e.rut)) +
    reqText('RznSoc', e.razon_social, 100) +
    reqText('GiroEmis', e.giro, 80, 'truncate') +
    optText('Telefono', e.telefono, 20, 'truncate') +
    optText('CorreoEmisor', e.correo, 80) +
    acteco.map((a) => el('Acteco', posInt('Acteco', a, 6))).join('') +
    cdgSiiSucur(e) +
    lugar('Origen', e) +
    '</Emisor>'
  );
}

/** Transporte in DTE_v10.xsd order (no Aduana: export documents are not issued yet). */
function transporte(t: TransporteInput | undefined): string {
  if (!t) return '';
  const chofer = t.chofer
    ? `<Chofer>${el('RUTChofer', rut('RUTChofer', t.chofer.rut))}${reqText('NombreChofer', t.chofer.nombre, 30, 'truncate')}</Chofer>`
    : '';
  const xml =
    optText('Patente', t.patente, 8) +
    (t.rut_transportista ? el('RUTTrans', rut('RUTTrans', t.rut_transportista)) : '') +
    chofer +
    lugar('Dest', { direccion: t.direccion_destino, comuna: t.comuna_destino, ciudad: t.ciudad_destino });
  return xml ? `<Transporte>${xml}</Transporte>` : '';
}

function receptor(r: ReceptorInput): string {
  return (
    '<Receptor>' +
    el('RUTRecep', rut('RUTRecep', r.rut)) +
    reqText('RznSocRecep', r.razon_social, 100) +
    optText('GiroRecep', r.giro, 40, 'truncate') +
    optText('Contacto', r.contacto, 80, 'truncate') +
    optText('CorreoRecep', r.correo, 80) +
    lugar('Recep', r) +
    '</Receptor>'
  );
}

/** Totales in DTE_v10.xsd order; MntNeto/TasaIVA/IVA, MntExe, ImptoReten, IVANoRet, GrntDep, Comisiones and MontoNF only when present. */
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

const MAX_NMB_ITEM = 80;

/** Cut at the last space keeping at least half; the rest opens DscItem (Formato DTE v2.2 Detalle: "descripción adicional del ítem"). */
export function nombreItem(d: DetalleInput): string {
  const nombre = transliterate(d.nombre.trim());
  if (nombre.length <= MAX_NMB_ITEM) return reqText('NmbItem', nombre, MAX_NMB_ITEM) + optText('DscItem', d.descripcion, 1000);
  const space = nombre.lastIndexOf(' ', MAX_NMB_ITEM);
  const cut = space >= MAX_NMB_ITEM / 2 ? space : MAX_NMB_ITEM;
  const resto = [nombre.slice(cut).trim(), d.descripcion?.trim()].filter(Boolean).join(' ');
  return reqText('NmbItem', nombre.slice(0, cut), MAX_NMB_ITEM) + optText('DscItem', resto, 1000);
}

/** CdgItem: `codigo` as INT1, then `codigos`; at most 5 (DTE_v10.xsd and EnvioBOLETA_v11.xsd). */
export function cdgItems(d: DetalleInput): string {
  const codigos = [...(d.codigo ? [{ tipo: 'INT1', valor: d.codigo }] : []), ...(d.codigos ?? [])];
  if (codigos.length > 5) throw new DteBuildError('at most 5 item codes per line (CdgItem, DTE_v10.xsd)');
  return codigos.map((c) => `<CdgItem>${reqText('TpoCodigo', c.tipo, 10)}${reqText('VlrCodigo', c.valor, 35)}</CdgItem>`).join('');
}

/** IndExe: 1 exempt (not written on a 34: Formato DTE v2.2 §C note 10), 2 not billable, 3 packaging deposit, 6 not billable negative. */
function indExe(tipo: TipoDteEmision, d: DetalleInput): number | undefined {
  if (d.no_facturable) return 2;
  if (d.garantia_envase) return 3;
  if (d.no_facturable_negativo) return 6;
  return d.exento && tipo !== 34 ? 1 : undefined;
}

/** A decimal element written only when above 0 (QtyItem, PrcItem, DescuentoPct, RecargoPct). */
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
  return (
    '<DscRcgGlobal>' +
    el('NroLinDR', n) +
    el('TpoMov', g.tipo) +
    optText('GlosaDR', g.glosa, 45, 'truncate') +
    el('TpoValor', g.unidad) +
    el('ValorDR', valor) +
    (g.aplica === 'exento' || tipo === 34 ? el('IndExeDR', 1) : '') +
    '</DscRcgGlobal>'
  );
}

function referencia(r: ReferenciaInput, n: number): string {
  if (r.codigo !== undefined && ![1, 2, 3].includes(r.codigo)) throw new DteBuildError('referencia.codigo must be 1, 2 or 3');
  return (
    '<Referencia>' +
    el('NroLinRef', n) +
    reqText('TpoDocRef', String(r.tipo_doc), 3) +
    (r.global ? el('IndGlobal', 1) : '') +
    reqText('FolioRef', String(r.folio), 18) +
    (r.rut_otro ? el('RUTOtr', rut('RUTOtr', r.rut_otro)) : '') +
    el('FchRef', fecha('FchRef', r.fecha)) +
    el('CodRef', r.codigo) +
    optText('RazonRef', r.razon, 90) +
    '</Referencia>'
  );
}

/** Totals of a DocumentoInput (the numbers `buildDte` writes). @throws DteBuildError */
export function documentoTotals(input: DocumentoInput): Montos {
  return computeTotals(input.tipo_dte, input.detalle, input.descuentos_recargos ?? [], input.comisiones ?? []);
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
    mnt: documentoTotals(input).total,
    it1: input.detalle[0]?.nombre ?? '',
    cafXml,
    tsted,
  };
}

/**
 * The unsigned, compact `<DTE version="1.0"><Documento ID="F{folio}T{tipo}">` in DTE_v10.xsd order; the signer appends ds:Signature.
 * @throws DteBuildError (56/61 without referencias, a 52 without IndTraslado or another type with it, > 60 lines, > 40 references, invalid values); DteEncodingError outside ISO-8859-1.
 */
export function buildDte(input: DocumentoInput, ted: string, tmstFirma: string): string {
  if (!(TIPOS_DTE_EMITIDOS as readonly number[]).includes(input.tipo_dte))
    throw new DteBuildError(`unsupported tipo_dte ${input.tipo_dte}`);
  const refs = input.referencias ?? [];
  if ((input.tipo_dte === 56 || input.tipo_dte === 61) && refs.length === 0) {
    throw new DteBuildError(`tipo_dte ${input.tipo_dte} requires at least one referencia (Formato DTE v2.2 §E)`);
  }
  if ((input.tipo_dte === 52) !== (input.ind_traslado !== undefined)) {
    throw new DteBuildError('IndTraslado is obligatory on a guía de despacho 52 and only there (Formato DTE v2.2 §A field 7)');
  }
  if (input.detalle.length > 60) throw new DteBuildError('at most 60 Detalle lines (DTE_v10.xsd)');
  if (refs.length > 40) throw new DteBuildError('at most 40 Referencia (DTE_v10.xsd)');
  const globales = input.descuentos_recargos ?? [];
  if (globales.length > 20) throw new DteBuildError('at most 20 DscRcgGlobal (DTE_v10.xsd)');
  if (!/^<TED[\s>][\s\S]*<\/TED>$/.test(ted ?? '')) throw new DteBuildError('ted must be the <TED> built by buildTed');
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
