import { DteBuildError } from '../errors';
import type { LineaTotales } from '../totals';
import { el, fecha, optText, posInt, reqText, rut, transliterate } from './text';

// The parts a Documento, a Liquidacion and an Exportaciones (DTE_v10.xsd) share, and a boleta (EnvioBOLETA_v11.xsd) in part.

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

/** Transporte (Formato DTE v2.2 §A fields 67-73); DirDest, CmnaDest and CiudadDest: the destination when not the receiver's address. */
export interface TransporteInput {
  patente?: string;
  rut_transportista?: string;
  chofer?: { rut: string; nombre: string };
  direccion_destino?: string;
  comuna_destino?: string;
  ciudad_destino?: string;
}

export function oneOf<T extends number>(name: string, value: T | undefined, allowed: readonly number[]): T | undefined {
  if (value !== undefined && !allowed.includes(value)) throw new DteBuildError(`${name} must be one of ${allowed.join(', ')}`);
  return value;
}

export function idDocInicio(d: { tipo_dte: number; folio: number; fecha_emision: string; tipo_despacho?: number }): string {
  return (
    el('TipoDTE', d.tipo_dte) +
    el('Folio', posInt('Folio', d.folio)) +
    el('FchEmis', fecha('FchEmis', d.fecha_emision)) +
    el('TipoDespacho', oneOf('tipo_despacho', d.tipo_despacho, [1, 2, 3]))
  );
}

/** Dir, Cmna and Ciudad of the issuer, the receiver or the destination, truncated to 70, 20, 20 (DTE_v10.xsd, EnvioBOLETA_v11.xsd). */
export function lugar(sufijo: 'Origen' | 'Recep' | 'Dest', l: { direccion?: string; comuna?: string; ciudad?: string }): string {
  return (
    optText(`Dir${sufijo}`, l.direccion, 70, 'truncate') +
    optText(`Cmna${sufijo}`, l.comuna, 20, 'truncate') +
    optText(`Ciudad${sufijo}`, l.ciudad, 20, 'truncate')
  );
}

/** CdgSIISucur, the SII's code of the issuing branch (9 digits). */
export function cdgSiiSucur(e: EmisorInput): string {
  return el('CdgSIISucur', e.cdg_sii_sucur === undefined ? undefined : posInt('CdgSIISucur', e.cdg_sii_sucur, 9));
}

export function emisor(e: EmisorInput): string {
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

/** Transporte in DTE_v10.xsd order; `aduana` is an export's Aduana section, placed last. */
export function transporte(t: TransporteInput | undefined, aduana = ''): string {
  if (!t && !aduana) return '';
  t ??= {};
  const chofer = t.chofer
    ? `<Chofer>${el('RUTChofer', rut('RUTChofer', t.chofer.rut))}${reqText('NombreChofer', t.chofer.nombre, 30, 'truncate')}</Chofer>`
    : '';
  const xml =
    optText('Patente', t.patente, 8) +
    (t.rut_transportista ? el('RUTTrans', rut('RUTTrans', t.rut_transportista)) : '') +
    chofer +
    lugar('Dest', { direccion: t.direccion_destino, comuna: t.comuna_destino, ciudad: t.ciudad_destino }) +
    aduana;
  return xml ? `<Transporte>${xml}</Transporte>` : '';
}

/** Receptor in DTE_v10.xsd order; `extranjero` is an export's Extranjero element, after RznSocRecep. */
export function receptor(r: ReceptorInput, extranjero = ''): string {
  return (
    '<Receptor>' +
    el('RUTRecep', rut('RUTRecep', r.rut)) +
    reqText('RznSocRecep', r.razon_social, 100) +
    extranjero +
    optText('GiroRecep', r.giro, 40, 'truncate') +
    optText('Contacto', r.contacto, 80, 'truncate') +
    optText('CorreoRecep', r.correo, 80) +
    lugar('Recep', r) +
    '</Receptor>'
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

/** One Referencia (Formato DTE v2.2 §E), numbered `n`. @throws DteBuildError */
export function referencia(r: ReferenciaInput, n: number): string {
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

/** One DscRcgGlobal (Formato DTE v2.2 §D), ValorDR as given, then `cola` (an export's ValorDROtrMnda, IndExeDR). */
export function dscRcgGlobalXml(g: { tipo: string; glosa?: string; unidad: string }, n: number, valorDr: string, cola: string): string {
  return (
    '<DscRcgGlobal>' +
    el('NroLinDR', n) +
    el('TpoMov', g.tipo) +
    optText('GlosaDR', g.glosa, 45, 'truncate') +
    el('TpoValor', g.unidad) +
    el('ValorDR', valorDr) +
    cola +
    '</DscRcgGlobal>'
  );
}
