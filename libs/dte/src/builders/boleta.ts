import Decimal from 'decimal.js';
import { DteBuildError } from '../errors';
import { TASA_IVA, lineaMontos } from '../totals';
import type { TIPOS_BOLETA } from '../tipos-dte';
import type { DdInput } from './dd-ted';
import { cdgItems, cdgSiiSucur, importesItem, lugar, nombreItem, type DetalleInput, type EmisorInput } from './documento';
import { el, fecha, optText, posInt, reqText, rut, timestamp } from './text';

/** Boleta electrónica afecta (39) and exenta (41) (docs/research/boletas.md §2). */
export type TipoBoleta = (typeof TIPOS_BOLETA)[number];

/** The anonymous buyer of a boleta: Receptor is required by EnvioBOLETA_v11.xsd (docs/research/boletas.md §2, [P]). */
export const RUT_CONSUMIDOR_FINAL = '66666666-6';

/** The DD's RSR when the buyer gave no name: a convention of this project, docs/research/boletas.md §2 names none [I]. */
export const RSR_CONSUMIDOR_FINAL = 'Consumidor final';

/** IndServicio (EnvioBOLETA_v11.xsd): 1 servicios periódicos, 2 periódicos domiciliarios, 3 ventas y servicios, 4 espectáculos. */
export type IndServicioBoleta = 1 | 2 | 3 | 4;

/** Receptor of EnvioBOLETA_v11.xsd: only RUTRecep is required; texts over their length are truncated. */
export interface ReceptorBoletaInput {
  rut: string;
  razon_social?: string;
  contacto?: string;
  direccion?: string;
  comuna?: string;
  ciudad?: string;
}

/** One line: `precio_unitario` IVA included (docs/research/boletas.md §2.1); `exento` for IndExe 1. */
export type DetalleBoletaInput = Omit<
  DetalleInput,
  'no_facturable' | 'no_facturable_negativo' | 'garantia_envase' | 'codigo_impuesto_adicional'
>;

/** Referencia of EnvioBOLETA_v11.xsd (no FchRef): the certification set's `SET` / case number / `CASO-N`. */
export interface ReferenciaBoletaInput {
  tipo_doc?: string;
  folio?: string;
  codigo?: string;
  razon?: string;
}

/** What `buildBoleta` needs (dates America/Santiago): 1 to 1000 lines, at most 40 references. */
export interface BoletaInput {
  tipo_dte: TipoBoleta;
  folio: number;
  fecha_emision: string;
  indicador_servicio: IndServicioBoleta;
  /** RUTEmisor, RznSocEmisor, GiroEmisor, CdgSIISucur and the address; Acteco, Telefono and CorreoEmisor are not on a boleta. */
  emisor: EmisorInput;
  /** {@link RUT_CONSUMIDOR_FINAL} when absent. */
  receptor?: ReceptorBoletaInput;
  detalle: DetalleBoletaInput[];
  referencias?: ReferenciaBoletaInput[];
}

/** A boleta's Totales, whole CLP: `neto` and `iva` only on a 39 (0 when absent). */
export interface MontosBoleta {
  neto: number;
  exento: number;
  iva: number;
  total: number;
}

/** Totales from IVA-included lines (docs/research/boletas.md §2.1, LibreDTE `calcularNetoIVA`): MntNeto = round(afecto / 1.19) half
 * up, IVA the remainder so that the parts add up to MntTotal. @throws DteBuildError on invalid lines or a 39 without a taxed line. */
export function totalesBoleta(tipo: TipoBoleta, detalle: readonly DetalleBoletaInput[]): MontosBoleta {
  let total = 0;
  let exento = 0;
  for (const d of detalle) {
    const { monto } = lineaMontos(d);
    total += monto;
    if (d.exento || tipo === 41) exento += monto;
  }
  if (tipo === 41) return { neto: 0, exento, iva: 0, total };
  const afecto = total - exento;
  if (afecto <= 0) throw new DteBuildError('a boleta 39 needs a taxed amount; an exempt boleta is a 41');
  const neto = new Decimal(afecto).dividedBy(new Decimal(TASA_IVA).dividedBy(100).plus(1)).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  return { neto: neto.toNumber(), exento, iva: afecto - neto.toNumber(), total };
}

function receptorOf(input: BoletaInput): ReceptorBoletaInput {
  return input.receptor ?? { rut: RUT_CONSUMIDOR_FINAL };
}

/** The DD fields of a boleta (RR the receptor's RUT as in RUTRecep, RSR its name or {@link RSR_CONSUMIDOR_FINAL}). */
export function ddInputFromBoleta(input: BoletaInput, cafXml: string, tsted: string): DdInput {
  const receptor = receptorOf(input);
  return {
    re: input.emisor.rut,
    td: input.tipo_dte,
    f: input.folio,
    fe: input.fecha_emision,
    rr: receptor.rut,
    rsr: receptor.razon_social?.trim() || RSR_CONSUMIDOR_FINAL,
    mnt: totalesBoleta(input.tipo_dte, input.detalle).total,
    it1: input.detalle[0]?.nombre ?? '',
    cafXml,
    tsted,
  };
}

function encabezado(i: BoletaInput, montos: MontosBoleta): string {
  if (![1, 2, 3, 4].includes(i.indicador_servicio)) throw new DteBuildError('indicador_servicio of a boleta must be 1, 2, 3 or 4');
  const e = i.emisor;
  const r = receptorOf(i);
  return (
    '<Encabezado><IdDoc>' +
    el('TipoDTE', i.tipo_dte) +
    el('Folio', posInt('Folio', i.folio)) +
    el('FchEmis', fecha('FchEmis', i.fecha_emision)) +
    el('IndServicio', i.indicador_servicio) +
    '</IdDoc><Emisor>' +
    el('RUTEmisor', rut('RUTEmisor', e.rut)) +
    reqText('RznSocEmisor', e.razon_social, 100) +
    optText('GiroEmisor', e.giro, 80, 'truncate') +
    cdgSiiSucur(e) +
    lugar('Origen', e) +
    '</Emisor><Receptor>' +
    el('RUTRecep', rut('RUTRecep', r.rut)) +
    optText('RznSocRecep', r.razon_social, 100) +
    optText('Contacto', r.contacto, 80, 'truncate') +
    lugar('Recep', r) +
    '</Receptor>' +
    totales(montos) +
    '</Encabezado>'
  );
}

/** IVA is a positiveInteger in EnvioBOLETA_v11.xsd: left out at 0, as MntNeto and MntExe. */
function totales(m: MontosBoleta): string {
  return (
    '<Totales>' +
    (m.neto > 0 ? el('MntNeto', m.neto) : '') +
    (m.exento > 0 ? el('MntExe', m.exento) : '') +
    (m.iva > 0 ? el('IVA', m.iva) : '') +
    el('MntTotal', m.total) +
    '</Totales>'
  );
}

/** IndExe 1 on an exempt line of a 39; a 41 is exempt whole and writes none, as a 34 (Formato DTE v2.2 §C note 10). */
function detalle(tipo: TipoBoleta, d: DetalleBoletaInput, n: number): string {
  const m = lineaMontos(d);
  return (
    '<Detalle>' +
    el('NroLinDet', n) +
    cdgItems(d) +
    el('IndExe', d.exento && tipo === 39 ? 1 : undefined) +
    nombreItem(d) +
    importesItem(d, m) +
    el('MontoItem', m.monto) +
    '</Detalle>'
  );
}

function referencia(r: ReferenciaBoletaInput, n: number): string {
  return (
    '<Referencia>' +
    el('NroLinRef', n) +
    optText('TpoDocRef', r.tipo_doc, 3) +
    optText('FolioRef', r.folio, 18) +
    optText('CodRef', r.codigo, 18) +
    optText('RazonRef', r.razon, 90) +
    '</Referencia>'
  );
}

/** The unsigned `<DTE><Documento ID="F{folio}T{tipo}">` of a boleta (EnvioBOLETA_v11.xsd BOLETADefType, docs/research/boletas.md §2).
 * @throws DteBuildError (another type, 0 or > 1000 lines, > 40 references, invalid values); DteEncodingError outside ISO-8859-1. */
export function buildBoleta(input: BoletaInput, ted: string, tmstFirma: string): string {
  if (input.tipo_dte !== 39 && input.tipo_dte !== 41) throw new DteBuildError(`a boleta is tipo 39 or 41, not ${input.tipo_dte}`);
  if (input.detalle.length === 0 || input.detalle.length > 1000) throw new DteBuildError('a boleta has 1 to 1000 Detalle lines');
  const refs = input.referencias ?? [];
  if (refs.length > 40) throw new DteBuildError('at most 40 Referencia (EnvioBOLETA_v11.xsd)');
  if (!/^<TED[\s>][\s\S]*<\/TED>$/.test(ted ?? '')) throw new DteBuildError('ted must be the <TED> built by buildTed');
  const montos = totalesBoleta(input.tipo_dte, input.detalle);
  return (
    `<DTE version="1.0" xmlns="http://www.sii.cl/SiiDte"><Documento ID="F${input.folio}T${input.tipo_dte}">` +
    encabezado(input, montos) +
    input.detalle.map((d, i) => detalle(input.tipo_dte, d, i + 1)).join('') +
    refs.map((r, i) => referencia(r, i + 1)).join('') +
    ted +
    el('TmstFirma', timestamp('TmstFirma', tmstFirma)) +
    '</Documento></DTE>'
  );
}
