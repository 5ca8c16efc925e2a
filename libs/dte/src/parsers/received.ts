import { decodeXml, flattenXml } from '../xml/encoding';
import { DteParseError } from '../errors';
import type { RsaPk } from '../caf';
import type { Montos } from '../totals';
import { childElements, findPath, numAt, localName, parseXml, requiredText, textAt } from '../xml/dom';
import { sliceElements } from '../xml-slice';

const SII_NS = 'http://www.sii.cl/SiiDte';

/** One Detalle line of a parsed DTE (amounts in CLP as written in the XML). */
export interface ParsedDetalle {
  linea: number;
  nombre: string;
  descripcion?: string;
  cantidad?: number;
  unidad?: string;
  precio_unitario?: number;
  /** DescuentoPct: the line's discount as a percent of QtyItem × PrcItem (up to 2 decimals). */
  descuento_pct?: number;
  descuento_monto?: number;
  /** RecargoPct: the line's surcharge as a percent of QtyItem × PrcItem (up to 2 decimals). */
  recargo_pct?: number;
  recargo_monto?: number;
  /** CodImpAdic (additional tax codes of the line). */
  codigos_impuesto: number[];
  monto: number;
  /** IndExe = 1 (not subject to IVA). */
  exento: boolean;
  /** IndExe as written (1..6), when present. */
  ind_exe?: number;
  codigos: { tipo: string; valor: string }[];
}

/** One DscRcgGlobal of a parsed DTE (Formato DTE v2.2 §D). */
export interface ParsedDscRcg {
  tipo: 'D' | 'R';
  unidad: '%' | '$';
  /** ValorDR as written (percent or CLP, up to 2 decimals). */
  valor: number;
  /** IndExeDR as written: 1 exempt lines, 2 not billable; undefined: the taxed lines. */
  ind_exe?: number;
  /** GlosaDR (≤ 45). */
  glosa?: string;
}

/** One MntPagos of a parsed DTE: a payment of a credit sale's schedule (IdDoc, Formato DTE v2.2 §A). */
export interface ParsedPago {
  /** FchPago YYYY-MM-DD. */
  fecha: string;
  /** MntPago in CLP. */
  monto: number;
  /** GlosaPagos (≤ 40). */
  glosa?: string;
}

/** One Referencia of a parsed DTE. */
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

/**
 * What a DTE's Totales state beyond {@link Montos}, in CLP as written (SII Formato DTE v2.2 §B Totales fields 106-123):
 * 0, false or null when absent. Amounts of a liquidación-factura (43) may be negative (fields 121-124).
 */
export interface OtrosTotales {
  /** MntBruto = 1: the lines' MontoItem include IVA (field 106). */
  montos_brutos: boolean;
  /** MntBase: the base of IVA anticipado faenamiento de carne, code 17 (field 109). */
  monto_base: number;
  /** TipoImp of the ImptoReten written without TasaImp (specific taxes may leave it out, field 116; `montos` has 0). */
  impuestos_sin_tasa: number[];
  /** IVANoRet: the IVA a factura de compra's issuer did not retain (field 118). */
  iva_no_retenido: number;
  /** CredEC: crédito especial 65 % empresas constructoras, DL 910 art. 21, subtracted from MntTotal (field 119). */
  credito_empresas_constructoras: number;
  /** Comisiones y otros cargos of a liquidación-factura: ValComNeto, ValComExe, ValComIVA (fields 121-123). */
  comisiones: { neto: number; exento: number; iva: number } | null;
}

/** The TED of a parsed DTE: the flattened DD (ready to verify) and FRMT (base64, no whitespace). */
export interface ParsedTed {
  ddXml: string;
  frmt: string;
  /** RSAPK of the CAF inside the DD, when present. */
  rsapk?: RsaPk;
}

/** A DTE read from an EnvioDTE or a standalone DTE file. */
export interface ParsedDte {
  tipo_dte: number;
  folio: number;
  fecha_emision: string;
  /** Documento/@ID (e.g. F60T33). */
  id?: string;
  fecha_vencimiento?: string;
  /** FmaPago as written: 1 contado, 2 crédito, 3 sin costo (entrega gratuita). */
  forma_pago?: number;
  /** MntPagos: the payment schedule, in document order (empty when there is none). */
  pagos: ParsedPago[];
  emisor: {
    rut: string;
    razon_social: string;
    giro?: string;
    acteco: number[];
    direccion?: string;
    comuna?: string;
    ciudad?: string;
    /** CorreoEmisor: the issuer's address for intercambio (answers to the DTE go there). */
    correo?: string;
  };
  receptor: {
    rut: string;
    razon_social: string;
    giro?: string;
    contacto?: string;
    correo?: string;
    direccion?: string;
    comuna?: string;
    ciudad?: string;
  };
  /** As the Totales state them; descuentos/recargos are the lines' DescuentoMonto/RecargoMonto only. */
  montos: Montos;
  /** The rest of Totales (MntBruto, MntBase, ImptoReten without a rate, IVANoRet, CredEC, Comisiones). */
  otros_totales: OtrosTotales;
  detalle: ParsedDetalle[];
  descuentos_recargos: ParsedDscRcg[];
  referencias: ParsedReferencia[];
  ted?: ParsedTed;
  tmst_firma?: string;
  /** The DTE carries a ds:Signature (not verified here). */
  signed: boolean;
  /**
   * That DTE element exactly as in the decoded input. Inside an EnvioDTE it does not repeat the
   * namespace declarations it inherits, so verify its signature within the envelope.
   */
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
  };
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

/**
 * The DTEs of an EnvioDTE, or the single DTE of a standalone DTE document. Input bytes in ISO-8859-1,
 * windows-1252 or UTF-8 (see `decodeXml`), with or without the SiiDte namespace, comments, indentation.
 * Each result's `xml` is the DTE element sliced verbatim from the decoded text (signatures stay
 * checkable). Signatures, TED and totals are NOT verified here. Structure: DTE_v10.xsd, EnvioDTE_v10.xsd.
 * @throws DteParseError for anything else (RespuestaDTE, EnvioRecibos, garbage, DOCTYPE/ENTITY).
 */
export function parseDteDocuments(bytes: Buffer | string): ParsedDte[] {
  const text = decodeXml(bytes);
  const root = parseXml(text);
  checkNamespace(root);
  const rootName = localName(root);
  let dtes: Element[];
  if (rootName === 'EnvioDTE') dtes = childElements(findPath(root, 'SetDTE') ?? root, 'DTE');
  else if (rootName === 'DTE') dtes = [root];
  else throw new DteParseError(`not a DTE document: root element is <${root.nodeName}>, expected <EnvioDTE> or <DTE>`);
  const slices = sliceElements(text, 'DTE');
  if (dtes.length === 0) throw new DteParseError('EnvioDTE without DTE elements');
  if (slices.length !== dtes.length) throw new DteParseError('DTE elements could not be located in the text');
  return dtes.map((dte, i) => {
    checkNamespace(dte);
    return parseOne(dte, slices[i]);
  });
}
