import { decodeXml, flattenXml } from '../xml/encoding';
import { DteParseError } from '../errors';
import type { RsaPk } from '../caf';
import { RETENCIONES_IVA, type Montos } from '../totals';
import type { ReceptorInput } from '../builders/documento';
import { childElements, findPath, numAt, localName, parseXml, requiredText, textAt } from '../xml/dom';
import { sliceElements } from '../xml-slice';

const SII_NS = 'http://www.sii.cl/SiiDte';

/** One Detalle line (CLP as written); *_pct as percent of QtyItem × PrcItem; exento is IndExe = 1, ind_exe as written (1..6). */
export interface ParsedDetalle {
  linea: number;
  nombre: string;
  descripcion?: string;
  cantidad?: number;
  unidad?: string;
  precio_unitario?: number;
  descuento_pct?: number;
  descuento_monto?: number;
  recargo_pct?: number;
  recargo_monto?: number;
  codigos_impuesto: number[];
  monto: number;
  exento: boolean;
  ind_exe?: number;
  codigos: { tipo: string; valor: string }[];
}

/** One DscRcgGlobal (Formato DTE v2.2 §D): ValorDR percent or CLP; IndExeDR 1 exempt, 2 not billable, absent taxed. */
export interface ParsedDscRcg {
  tipo: 'D' | 'R';
  unidad: '%' | '$';
  valor: number;
  ind_exe?: number;
  glosa?: string;
}

/** One MntPagos of a credit sale's schedule (IdDoc, Formato DTE v2.2 §A): FchPago, MntPago CLP, GlosaPagos ≤ 40. */
export interface ParsedPago {
  fecha: string;
  monto: number;
  glosa?: string;
}

export interface ParsedReferencia {
  linea: number;
  tipo_doc: string;
  folio: string;
  fecha?: string;
  codigo?: number;
  razon?: string;
  rut_otro?: string;
  global: boolean;
}

/** Totales beyond {@link Montos} (Formato DTE v2.2 §B 106-123; CredEC DL 910 art. 21), CLP as written, 0/false/null when absent. */
export interface OtrosTotales {
  montos_brutos: boolean;
  monto_base: number;
  impuestos_sin_tasa: number[];
  iva_no_retenido: number;
  credito_empresas_constructoras: number;
  comisiones: { neto: number; exento: number; iva: number } | null;
  /** An export's currency (TpoMoneda, Formato DTE v2.2 field 106: every amount is in it), OtraMoneda's rate and pesos; null in pesos. */
  moneda: { tipo: string; tipo_cambio?: number; total_pesos?: number } | null;
}

/** The TED: the flattened DD (ready to verify), FRMT (base64, no whitespace) and the CAF's RSAPK when present. */
export interface ParsedTed {
  ddXml: string;
  frmt: string;
  rsapk?: RsaPk;
}

/** A DTE read from an EnvioDTE or a standalone file. FmaPago 1 contado, 2 crédito, 3 sin costo; CorreoEmisor gets the answers. */
export interface ParsedDte {
  tipo_dte: number;
  folio: number;
  fecha_emision: string;
  id?: string;
  fecha_vencimiento?: string;
  forma_pago?: number;
  /** IdDoc/IndTraslado of a guía de despacho (52). */
  ind_traslado?: number;
  pagos: ParsedPago[];
  emisor: {
    rut: string;
    razon_social: string;
    giro?: string;
    acteco: number[];
    direccion?: string;
    comuna?: string;
    ciudad?: string;
    correo?: string;
  };
  receptor: ReceptorInput;
  /** As the Totales state them; descuentos/recargos are the lines' DescuentoMonto/RecargoMonto only. */
  montos: Montos;
  otros_totales: OtrosTotales;
  detalle: ParsedDetalle[];
  descuentos_recargos: ParsedDscRcg[];
  referencias: ParsedReferencia[];
  ted?: ParsedTed;
  tmst_firma?: string;
  /** Carries a ds:Signature (not verified here). */
  signed: boolean;
  /** The DTE element as in the input; inside an EnvioDTE it lacks inherited namespace declarations: verify within the envelope. */
  xml: string;
}

const opt = (v: string | undefined) => (v === undefined || v === '' ? undefined : v);
const num = (el: Element, path: string, dflt = 0) => numAt(el, path) ?? dflt;

function detalleOf(d: Element): ParsedDetalle {
  const indExe = numAt(d, 'IndExe');
  return {
    linea: num(d, 'NroLinDet'),
    nombre: textAt(d, 'NmbItem') ?? '',
    descripcion: opt(textAt(d, 'DscItem')),
    cantidad: numAt(d, 'QtyItem'),
    unidad: opt(textAt(d, 'UnmdItem')),
    precio_unitario: numAt(d, 'PrcItem'),
    descuento_pct: numAt(d, 'DescuentoPct'),
    descuento_monto: numAt(d, 'DescuentoMonto'),
    recargo_pct: numAt(d, 'RecargoPct'),
    recargo_monto: numAt(d, 'RecargoMonto'),
    codigos_impuesto: childElements(d, 'CodImpAdic').map((c) => Number((c.textContent ?? '').trim())),
    monto: num(d, 'MontoItem'),
    exento: indExe === 1,
    ind_exe: indExe,
    codigos: childElements(d, 'CdgItem').map((c) => ({ tipo: textAt(c, 'TpoCodigo') ?? '', valor: textAt(c, 'VlrCodigo') ?? '' })),
  };
}

function dscRcgOf(g: Element): ParsedDscRcg {
  return {
    tipo: textAt(g, 'TpoMov') === 'R' ? 'R' : 'D',
    unidad: textAt(g, 'TpoValor') === '%' ? '%' : '$',
    valor: num(g, 'ValorDR'),
    ind_exe: numAt(g, 'IndExeDR'),
    glosa: opt(textAt(g, 'GlosaDR')),
  };
}

function pagoOf(p: Element): ParsedPago {
  return { fecha: textAt(p, 'FchPago') ?? '', monto: num(p, 'MntPago'), glosa: opt(textAt(p, 'GlosaPagos')) };
}

function montosOf(enc: Element, detalle: ParsedDetalle[]): Montos {
  const tot = (name: string) => num(enc, `Totales/${name}`);
  const totales = findPath(enc, 'Totales');
  return {
    neto: tot('MntNeto'),
    exento: tot('MntExe'),
    iva: tot('IVA'),
    iva_retenido: retenidoDe(totales),
    iva_no_retenido: tot('IVANoRet'),
    total: tot('MntTotal'),
    tasa_iva: tot('TasaIVA'),
    descuentos: detalle.reduce((s, d) => s + (d.descuento_monto ?? 0), 0),
    recargos: detalle.reduce((s, d) => s + (d.recargo_monto ?? 0), 0),
    impuestos_adicionales: (totales ? childElements(totales, 'ImptoReten') : []).map((i) => ({
      codigo: num(i, 'TipoImp'),
      tasa: num(i, 'TasaImp'),
      monto: num(i, 'MontoImp'),
    })),
    no_facturable: tot('MontoNF'),
    garantia_envases: tot('GrntDep'),
    comisiones: { neto: tot('Comisiones/ValComNeto'), exento: tot('Comisiones/ValComExe'), iva: tot('Comisiones/ValComIVA') },
  };
}

/** A factura de compra's retained IVA: its ImptoReten of the retention codes (libs/dte RETENCIONES_IVA). */
function retenidoDe(totales: Element | undefined): number {
  const impuestos = totales ? childElements(totales, 'ImptoReten') : [];
  return impuestos.filter((i) => RETENCIONES_IVA[num(i, 'TipoImp')] !== undefined).reduce((t, i) => t + num(i, 'MontoImp'), 0);
}

function otrosTotalesOf(enc: Element): OtrosTotales {
  const totales = findPath(enc, 'Totales');
  const comisiones = totales ? childElements(totales, 'Comisiones')[0] : undefined;
  return {
    montos_brutos: textAt(enc, 'Totales/MntBruto') === '1',
    monto_base: num(enc, 'Totales/MntBase'),
    impuestos_sin_tasa: (totales ? childElements(totales, 'ImptoReten') : [])
      .filter((i) => numAt(i, 'TasaImp') === undefined)
      .map((i) => num(i, 'TipoImp')),
    iva_no_retenido: num(enc, 'Totales/IVANoRet'),
    credito_empresas_constructoras: num(enc, 'Totales/CredEC'),
    comisiones: comisiones
      ? { neto: num(comisiones, 'ValComNeto'), exento: num(comisiones, 'ValComExe'), iva: num(comisiones, 'ValComIVA') }
      : null,
    moneda: monedaOf(enc),
  };
}

function monedaOf(enc: Element): OtrosTotales['moneda'] {
  const tipo = opt(textAt(enc, 'Totales/TpoMoneda'));
  if (!tipo) return null;
  const tipoCambio = numAt(enc, 'OtraMoneda/TpoCambio');
  const totalPesos = numAt(enc, 'OtraMoneda/MntTotOtrMnda');
  return {
    tipo,
    ...(tipoCambio !== undefined ? { tipo_cambio: tipoCambio } : {}),
    ...(totalPesos !== undefined ? { total_pesos: totalPesos } : {}),
  };
}

function referenciaOf(r: Element): ParsedReferencia {
  return {
    linea: num(r, 'NroLinRef'),
    tipo_doc: textAt(r, 'TpoDocRef') ?? '',
    folio: textAt(r, 'FolioRef') ?? '',
    fecha: opt(textAt(r, 'FchRef')),
    codigo: numAt(r, 'CodRef'),
    razon: opt(textAt(r, 'RazonRef')),
    rut_otro: opt(textAt(r, 'RUTOtr')),
    global: textAt(r, 'IndGlobal') === '1',
  };
}

function tedOf(doc: Element, dteXml: string): ParsedTed | undefined {
  const ted = childElements(doc, 'TED')[0];
  const dd = sliceElements(sliceElements(dteXml, 'TED')[0] ?? '', 'DD')[0];
  if (!ted || !dd) return undefined;
  const m = textAt(ted, 'DD/CAF/DA/RSAPK/M');
  const e = textAt(ted, 'DD/CAF/DA/RSAPK/E');
  return {
    ddXml: flattenXml(dd),
    frmt: (textAt(ted, 'FRMT') ?? '').replace(/\s+/g, ''),
    ...(m && e ? { rsapk: { m: m.replace(/\s+/g, ''), e: e.replace(/\s+/g, '') } } : {}),
  };
}

function parseOne(dte: Element, xml: string): ParsedDte {
  const doc = childElements(dte).find((c) => ['Documento', 'Exportaciones', 'Liquidacion'].includes(localName(c)));
  if (!doc) throw new DteParseError('DTE without Documento');
  const enc = findPath(doc, 'Encabezado');
  if (!enc) throw new DteParseError('Documento without Encabezado');
  const tipo = numAt(enc, 'IdDoc/TipoDTE');
  const folio = numAt(enc, 'IdDoc/Folio');
  if (tipo === undefined || folio === undefined) throw new DteParseError('Documento without TipoDTE/Folio');
  const detalle = childElements(doc, 'Detalle').map(detalleOf);
  return {
    tipo_dte: tipo,
    folio,
    fecha_emision: requiredText(enc, 'IdDoc/FchEmis'),
    id: doc.getAttribute('ID') || undefined,
    fecha_vencimiento: opt(textAt(enc, 'IdDoc/FchVenc')),
    forma_pago: numAt(enc, 'IdDoc/FmaPago'),
    ind_traslado: numAt(enc, 'IdDoc/IndTraslado'),
    pagos: childElements(findPath(enc, 'IdDoc') ?? enc, 'MntPagos').map(pagoOf),
    emisor: {
      rut: requiredText(enc, 'Emisor/RUTEmisor'),
      razon_social: textAt(enc, 'Emisor/RznSoc') ?? textAt(enc, 'Emisor/RznSocEmisor') ?? '',
      giro: opt(textAt(enc, 'Emisor/GiroEmis') ?? textAt(enc, 'Emisor/GiroEmisor')),
      acteco: childElements(findPath(enc, 'Emisor') as Element, 'Acteco').map((a) => Number((a.textContent ?? '').trim())),
      direccion: opt(textAt(enc, 'Emisor/DirOrigen')),
      comuna: opt(textAt(enc, 'Emisor/CmnaOrigen')),
      ciudad: opt(textAt(enc, 'Emisor/CiudadOrigen')),
      correo: opt(textAt(enc, 'Emisor/CorreoEmisor')),
    },
    receptor: {
      rut: requiredText(enc, 'Receptor/RUTRecep'),
      razon_social: textAt(enc, 'Receptor/RznSocRecep') ?? '',
      giro: opt(textAt(enc, 'Receptor/GiroRecep')),
      contacto: opt(textAt(enc, 'Receptor/Contacto')),
      correo: opt(textAt(enc, 'Receptor/CorreoRecep')),
      direccion: opt(textAt(enc, 'Receptor/DirRecep')),
      comuna: opt(textAt(enc, 'Receptor/CmnaRecep')),
      ciudad: opt(textAt(enc, 'Receptor/CiudadRecep')),
    },
    montos: montosOf(enc, detalle),
    otros_totales: otrosTotalesOf(enc),
    detalle,
    descuentos_recargos: childElements(doc, 'DscRcgGlobal').map(dscRcgOf),
    referencias: childElements(doc, 'Referencia').map(referenciaOf),
    ted: tedOf(doc, xml),
    tmst_firma: opt(textAt(doc, 'TmstFirma')),
    signed: childElements(dte, 'Signature').length > 0,
    xml,
  };
}

function checkNamespace(el: Element): void {
  const ns = el.namespaceURI;
  if (ns && ns !== SII_NS) throw new DteParseError(`<${localName(el)}> is in namespace ${ns}, expected ${SII_NS} or none`);
}

/** The DTEs of an EnvioDTE, EnvioBOLETA or DTE (EnvioDTE_v10.xsd, EnvioBOLETA_v11.xsd, DTE_v10.xsd), each `xml` sliced verbatim so
 * signatures stay checkable; none verified. @throws DteParseError for anything else (RespuestaDTE, EnvioRecibos, garbage, DOCTYPE). */
export function parseDteDocuments(bytes: Buffer | string): ParsedDte[] {
  const text = decodeXml(bytes);
  const root = parseXml(text);
  checkNamespace(root);
  const rootName = localName(root);
  let dtes: Element[];
  if (rootName === 'EnvioDTE' || rootName === 'EnvioBOLETA') dtes = childElements(findPath(root, 'SetDTE') ?? root, 'DTE');
  else if (rootName === 'DTE') dtes = [root];
  else throw new DteParseError(`not a DTE document: root element is <${root.nodeName}>, expected <EnvioDTE>, <EnvioBOLETA> or <DTE>`);
  const slices = sliceElements(text, 'DTE');
  if (dtes.length === 0) throw new DteParseError(`${rootName} without DTE elements`);
  if (slices.length !== dtes.length) throw new DteParseError('DTE elements could not be located in the text');
  return dtes.map((dte, i) => {
    checkNamespace(dte);
    return parseOne(dte, slices[i]);
  });
}
