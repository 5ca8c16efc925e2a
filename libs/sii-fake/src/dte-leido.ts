import { child, childElements, findPath, localName, parseXmlDocument, textAt } from '@lib/dte';
import { leerExportacion, type ExportacionLeida } from './exportacion-leida';

/** SII Formato DTE v2.2 §G; docs/research/sii-protocol.md §3.3. */
export const CAMPOS_DD = ['RE', 'TD', 'F', 'FE', 'RR', 'RSR', 'MNT', 'IT1'] as const;
export type CampoDd = (typeof CAMPOS_DD)[number];

/** Formato DTE v2.2 §B; numbers stay text, for exact arithmetic. IndExe 1 exento, 2 NF, 3 envases, 4/5 guías, 6 NF negativo. */
export interface LineaLeida {
  nro: string;
  indExe?: string;
  nombre: string;
  qty?: string;
  prc?: string;
  descuentoPct?: string;
  descuentoMonto?: string;
  recargoPct?: string;
  recargoMonto?: string;
  codImpAdic: string[];
  montoItem?: string;
}

/** Formato DTE v2.2 §D. */
export interface GlobalLeido {
  tpoMov?: string;
  tpoValor?: string;
  valorDR?: string;
  indExeDR?: string;
}

/** Formato DTE v2.2 §F fields 5-7. */
export interface ComisionLeida {
  neto?: string;
  exento?: string;
  iva?: string;
}

/** Formato DTE v2.2 §E. */
export interface ReferenciaLeida {
  tpoDocRef: string;
  folioRef: string;
  codRef?: string;
}

/** Formato DTE v2.2 §A fields 115-117. */
export interface ImptoLeido {
  tipoImp: string;
  tasaImp?: string;
  montoImp?: string;
}

/** Formato DTE v2.2 §A fields 107-128. */
export interface TotalesLeidos {
  mntNeto?: string;
  mntExe?: string;
  tasaIVA?: string;
  iva?: string;
  imptoReten: ImptoLeido[];
  ivaNoRet?: string;
  credEC?: string;
  grntDep?: string;
  valComNeto?: string;
  valComExe?: string;
  valComIVA?: string;
  mntTotal?: string;
  montoNF?: string;
}

/** docs/research/sii-protocol.md §3.4; DA as it appears in the document's text. */
export interface CafLeido {
  re?: string;
  td?: string;
  desde?: string;
  hasta?: string;
  fa?: string;
  m?: string;
  e?: string;
  idk?: string;
  frma?: string;
  daTexto?: string;
}

export interface TedLeido {
  dd: Record<CampoDd, string | undefined>;
  ddTexto?: string;
  frmt: string;
  caf?: CafLeido;
}

/** mntBruto: line amounts include IVA (Formato DTE v2.2 §A field 10). */
export interface DteLeido {
  tipo: number;
  folio: number;
  fchEmis: string;
  mntBruto: boolean;
  rutEmisor: string;
  rznSoc: string;
  dirOrigen?: string;
  cmnaOrigen?: string;
  /** IdDoc/IndTraslado and Transporte/CmnaDest, which a guía 52 must carry. */
  indTraslado?: string;
  cmnaDest?: string;
  rutRecep: string;
  rznSocRecep: string;
  totales: TotalesLeidos;
  lineas: LineaLeida[];
  globales: GlobalLeido[];
  referencias: ReferenciaLeida[];
  ted?: TedLeido;
  tmstFirma?: string;
  /** Comisiones y Otros Cargos lines (Formato DTE v2.2 §F): ValComNeto, ValComExe, ValComIVA as text. */
  comisiones?: ComisionLeida[];
  /** Only under `<Exportaciones>` (110-112): IndServicio, FmaPagExp, OtraMoneda, Aduana (docs/research/exportacion.md §1). */
  exportacion?: ExportacionLeida;
}

const opt = (v: string | undefined) => (v === undefined || v === '' ? undefined : v);

/** libs/dte's XML readers only; DD and DA are sliced from the text, as their signatures cover them. @throws DteParseError */
export function leerDte(dteXml: string): DteLeido {
  const root = parseXmlDocument(dteXml).documentElement;
  const doc = childElements(root).find((e) => ['Documento', 'Liquidacion', 'Exportaciones'].includes(localName(e)));
  const enc = doc && findPath(doc, 'Encabezado');
  if (!doc || !enc) throw new Error('DTE sin Documento/Encabezado');
  const at = (path: string) => opt(textAt(enc, path));
  return {
    tipo: Number(at('IdDoc/TipoDTE')),
    folio: Number(at('IdDoc/Folio')),
    fchEmis: at('IdDoc/FchEmis') ?? '',
    mntBruto: at('IdDoc/MntBruto') === '1',
    rutEmisor: at('Emisor/RUTEmisor') ?? '',
    rznSoc: at('Emisor/RznSoc') ?? at('Emisor/RznSocEmisor') ?? '',
    dirOrigen: at('Emisor/DirOrigen'),
    cmnaOrigen: at('Emisor/CmnaOrigen'),
    indTraslado: at('IdDoc/IndTraslado'),
    cmnaDest: at('Transporte/CmnaDest'),
    rutRecep: at('Receptor/RUTRecep') ?? '',
    rznSocRecep: rawText(findPath(enc, 'Receptor/RznSocRecep')),
    totales: totales(findPath(enc, 'Totales')),
    lineas: childElements(doc, 'Detalle').map(linea),
    globales: childElements(doc, 'DscRcgGlobal').map(global),
    referencias: childElements(doc, 'Referencia').map(referencia),
    comisiones: childElements(doc, 'Comisiones').map((c) => ({
      neto: opt(textAt(c, 'ValComNeto')),
      exento: opt(textAt(c, 'ValComExe')),
      iva: opt(textAt(c, 'ValComIVA')),
    })),
    ted: ted(child(doc, 'TED'), dteXml),
    tmstFirma: opt(textAt(doc, 'TmstFirma')),
    exportacion: localName(doc) === 'Exportaciones' ? leerExportacion(enc) : undefined,
  };
}

/** Trimmed at the ends only: inner spaces count ("EMPRESA  LTDA" in the SII's own example). */
function rawText(el: Element | undefined): string {
  return (el?.textContent ?? '').trim();
}

function totales(t: Element | undefined): TotalesLeidos {
  const at = (name: string) => (t ? opt(textAt(t, name)) : undefined);
  return {
    mntNeto: at('MntNeto'),
    mntExe: at('MntExe'),
    tasaIVA: at('TasaIVA'),
    iva: at('IVA'),
    imptoReten: (t ? childElements(t, 'ImptoReten') : []).map((i) => ({
      tipoImp: textAt(i, 'TipoImp') ?? '',
      tasaImp: opt(textAt(i, 'TasaImp')),
      montoImp: opt(textAt(i, 'MontoImp')),
    })),
    ivaNoRet: at('IVANoRet'),
    credEC: at('CredEC'),
    grntDep: at('GrntDep'),
    // Field 121-123 sit in Totales/Comisiones (DTE_v10.xsd).
    valComNeto: at('Comisiones/ValComNeto'),
    valComExe: at('Comisiones/ValComExe'),
    valComIVA: at('Comisiones/ValComIVA'),
    mntTotal: at('MntTotal'),
    montoNF: at('MontoNF'),
  };
}

function linea(d: Element): LineaLeida {
  const at = (name: string) => opt(textAt(d, name));
  return {
    nro: at('NroLinDet') ?? '?',
    indExe: at('IndExe'),
    nombre: rawText(child(d, 'NmbItem')),
    qty: at('QtyItem'),
    prc: at('PrcItem'),
    descuentoPct: at('DescuentoPct'),
    descuentoMonto: at('DescuentoMonto'),
    recargoPct: at('RecargoPct'),
    recargoMonto: at('RecargoMonto'),
    codImpAdic: childElements(d, 'CodImpAdic').map((c) => (c.textContent ?? '').trim()),
    montoItem: at('MontoItem'),
  };
}

function global(g: Element): GlobalLeido {
  const at = (name: string) => opt(textAt(g, name));
  return { tpoMov: at('TpoMov'), tpoValor: at('TpoValor'), valorDR: at('ValorDR'), indExeDR: at('IndExeDR') };
}

function referencia(r: Element): ReferenciaLeida {
  return { tpoDocRef: textAt(r, 'TpoDocRef') ?? '', folioRef: textAt(r, 'FolioRef') ?? '', codRef: opt(textAt(r, 'CodRef')) };
}

function ted(t: Element | undefined, dteXml: string): TedLeido | undefined {
  const dd = t && child(t, 'DD');
  if (!t || !dd) return undefined;
  const ddTexto = slice(dteXml, 'DD');
  const campos = Object.fromEntries(CAMPOS_DD.map((c) => [c, c === 'RSR' || c === 'IT1' ? rawText(child(dd, c)) : textAt(dd, c)]));
  const caf = child(dd, 'CAF');
  return {
    dd: campos as Record<CampoDd, string | undefined>,
    ddTexto,
    frmt: (textAt(t, 'FRMT') ?? '').replace(/\s+/g, ''),
    caf: caf && {
      re: textAt(caf, 'DA/RE'),
      td: textAt(caf, 'DA/TD'),
      desde: textAt(caf, 'DA/RNG/D'),
      hasta: textAt(caf, 'DA/RNG/H'),
      fa: textAt(caf, 'DA/FA'),
      m: textAt(caf, 'DA/RSAPK/M'),
      e: textAt(caf, 'DA/RSAPK/E'),
      idk: textAt(caf, 'DA/IDK'),
      frma: textAt(caf, 'FRMA'),
      daTexto: ddTexto && slice(slice(ddTexto, 'CAF') ?? '', 'DA'),
    },
  };
}

function slice(text: string, name: string): string | undefined {
  return new RegExp(`<${name}(?:\\s[^>]*)?>[\\s\\S]*?</${name}\\s*>`).exec(text)?.[0];
}
