import Decimal from 'decimal.js';
import { DteBuildError } from '../errors';
import { TIPOS_LIBRO_CV } from '../tipos-dte';
import { el, fecha, fieldText, posInt, rut, timestamp } from './text';

/** LibroCV_v10.xsd (docs/research/sii-protocol.md §3.6): nroSegmento for PARCIAL/FINAL, folioNotificacion ESPECIAL, codAutRec RECTIFICA. */
export interface LibroCaratulaInput {
  rutEmisorLibro: string;
  rutEnvia: string;
  periodoTributario: string;
  fchResol: string;
  nroResol: number;
  tipoOperacion: 'COMPRA' | 'VENTA';
  tipoLibro: 'MENSUAL' | 'ESPECIAL' | 'RECTIFICA';
  tipoEnvio: 'TOTAL' | 'PARCIAL' | 'FINAL' | 'AJUSTE';
  nroSegmento?: number;
  folioNotificacion?: number;
  codAutRec?: string;
}

/** One document, whole CLP, positive also for notes (the SII subtracts by type). `iva` is the whole IVA: a sales book writes it as
 * MntIVA, a purchases book only the part left after ivaNoRecuperable and ivaUsoComun (purchases only). */
export interface LibroDetalleInput {
  tipoDoc: number;
  folio: number;
  fecha: string;
  rut: string;
  razonSocial: string;
  exento: number;
  neto: number;
  iva: number;
  total: number;
  anulado?: boolean;
  ivaNoRecuperable?: { codigo: 1 | 2 | 3 | 4 | 9; monto: number }[];
  ivaUsoComun?: number;
  otrosImpuestos?: { codigo: number; tasa?: number | null; monto: number }[];
  referencia?: { tipoDoc: number; folio: number };
  /** A note (56, 61) of the book's owner on its own factura de compra 46: Emisor 1 and IndFactCompra 1 (LibroCV_v10.xsd Detalle). */
  notaFacturaCompra?: boolean;
  /** A sales book's factura de compra 46 received: the IVA its buyer retained, in whole (IVARetTotal) or in part (IVARetParcial). */
  ivaRetenido?: { total: number; parcial: number };
}

/** factorProporcionalidad: IVA de uso común factor (0..1, ≤ 3 decimals), written as FctProp with TotCredIVAUsoComun. */
export interface LibroInput {
  caratula: LibroCaratulaInput;
  detalle: LibroDetalleInput[];
  tmstFirma: string;
  factorProporcionalidad?: number;
  id?: string;
}

/** LibroCV_v10.xsd ImptoType, narrower than SiiTypes_v10.xsd ImpAdicDTEType (3, 54, 55): a received DTE may carry a code no book holds. */
export const CODIGOS_OTROS_IMP_LIBRO_CV: readonly number[] = [
  14, 15, 16, 17, 18, 19, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 44, 45, 46, 47, 48, 49, 50, 51, 52,
  53, 60, 271, 301, 321, 331, 341, 361, 371, 481,
];

/** A Detalle line as the book writes it (CLP); mntIva is the whole IVA in a sales book, the recoverable one in a purchases book. */
interface Linea {
  d: LibroDetalleInput;
  mntIva: number;
  noRec: { codigo: number; monto: number }[];
  usoComun: number;
  otros: { codigo: number; tasa?: string; monto: number }[];
  retenido: { total: number; parcial: number };
}

interface Acc {
  docs: number;
  anulados: number;
  opExe: number;
  exe: number;
  neto: number;
  opIvaRec: number;
  iva: number;
  opUsoComun: number;
  usoComun: number;
  noRec: Map<number, { ops: number; monto: number }>;
  otros: Map<number, number>;
  retTotal: { ops: number; monto: number };
  retParcial: { ops: number; monto: number };
  total: number;
}

const TIPOS_ENVIO_SEGMENTADOS = ['PARCIAL', 'FINAL'];

/** @throws DteBuildError unless a whole CLP amount ≥ 0. */
export function montoLibro(field: string, v: number): number {
  if (!Number.isSafeInteger(v) || v < 0) throw new DteBuildError(`${field} must be a whole number ≥ 0, got ${v}`);
  return v;
}

function tipoLibro(field: string, tipo: number): number {
  if (!TIPOS_LIBRO_CV.includes(tipo)) throw new DteBuildError(`${field} ${tipo} is not a type of LibroCV_v10.xsd DoctoType`);
  return tipo;
}

/** A rate as PctType writes it (0..100, ≤ 2 decimals; LibroCV_v10.xsd). @throws DteBuildError */
export function tasaLibro(field: string, v: number | null | undefined): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Number.isFinite(v) || v < 0 || v > 100 || new Decimal(v).decimalPlaces() > 2) {
    throw new DteBuildError(`${field} must be a percent 0..100 with at most 2 decimals, got ${v}`);
  }
  return new Decimal(v).toString();
}

/** In a purchases book MntIVA is the recoverable IVA (LibroCV_v10.xsd TotMntIVA "IVA Recuperable (LC)"), MntTotal the whole: as
 * LibreDTE (lib/Sii/LibroCompraVenta.php) and dansanti/l10n_cl_libro_compra_venta (models/libro.py). @throws DteBuildError */
function linea(d: LibroDetalleInput, compra: boolean): Linea {
  const doc = `TpoDoc ${d.tipoDoc} NroDoc ${d.folio}`;
  tipoLibro('TpoDoc', d.tipoDoc);
  const noRec = (d.ivaNoRecuperable ?? []).map((n) => ({ codigo: n.codigo, monto: montoLibro(`${doc} MntIVANoRec`, n.monto) }));
  const usoComun = montoLibro(`${doc} IVAUsoComun`, d.ivaUsoComun ?? 0);
  if (!compra && (noRec.length > 0 || usoComun > 0)) {
    throw new DteBuildError(`${doc}: IVANoRec and IVAUsoComun belong to a purchases book (LC), not a sales book`);
  }
  if (compra && d.ivaRetenido) throw new DteBuildError(`${doc}: IVARetTotal and IVARetParcial belong to a sales book (LV)`);
  const retenido = {
    total: montoLibro(`${doc} IVARetTotal`, d.ivaRetenido?.total ?? 0),
    parcial: montoLibro(`${doc} IVARetParcial`, d.ivaRetenido?.parcial ?? 0),
  };
  for (const n of noRec) {
    if (![1, 2, 3, 4, 9].includes(n.codigo)) throw new DteBuildError(`${doc}: CodIVANoRec must be 1, 2, 3, 4 or 9, got ${n.codigo}`);
  }
  const aparte = noRec.reduce((s, n) => s + n.monto, 0) + usoComun;
  const mntIva = montoLibro(`${doc} IVA`, d.iva) - aparte;
  if (mntIva < 0) throw new DteBuildError(`${doc}: IVANoRec and IVAUsoComun (${aparte}) exceed the document's IVA (${d.iva})`);
  const otros = (d.otrosImpuestos ?? []).map((o) => {
    if (!CODIGOS_OTROS_IMP_LIBRO_CV.includes(o.codigo)) {
      throw new DteBuildError(`${doc}: CodImp ${o.codigo} is not a code of LibroCV_v10.xsd ImptoType`);
    }
    return { codigo: o.codigo, tasa: tasaLibro(`${doc} TasaImp`, o.tasa), monto: montoLibro(`${doc} MntImp`, o.monto) };
  });
  return { d, mntIva, noRec, usoComun, otros, retenido };
}

function detalleXml({ d, mntIva, noRec, usoComun, otros, retenido }: Linea): string {
  const base =
    el('TpoDoc', posInt('TpoDoc', d.tipoDoc, 3)) +
    (d.notaFacturaCompra ? '<Emisor>1</Emisor><IndFactCompra>1</IndFactCompra>' : '') +
    el('NroDoc', posInt('NroDoc', d.folio));
  if (d.anulado) return `<Detalle>${base}<Anulado>A</Anulado></Detalle>`;
  return (
    '<Detalle>' +
    base +
    (d.iva > 0 || d.neto > 0 ? el('TasaImp', 19) : '') +
    el('FchDoc', fecha('FchDoc', d.fecha)) +
    el('RUTDoc', rut('RUTDoc', d.rut)) +
    el('RznSoc', fieldText('RznSoc', d.razonSocial.trim(), 50, 'truncate')) +
    (d.referencia
      ? el('TpoDocRef', tipoLibro('TpoDocRef', d.referencia.tipoDoc)) + el('FolioDocRef', posInt('FolioDocRef', d.referencia.folio))
      : '') +
    (d.exento > 0 ? el('MntExe', montoLibro('MntExe', d.exento)) : '') +
    (d.neto > 0 ? el('MntNeto', montoLibro('MntNeto', d.neto)) : '') +
    (d.neto > 0 || d.iva > 0 ? el('MntIVA', mntIva) : '') +
    noRec.map((n) => `<IVANoRec>${el('CodIVANoRec', n.codigo)}${el('MntIVANoRec', n.monto)}</IVANoRec>`).join('') +
    (usoComun > 0 ? el('IVAUsoComun', usoComun) : '') +
    otros.map((o) => `<OtrosImp>${el('CodImp', o.codigo)}${el('TasaImp', o.tasa)}${el('MntImp', o.monto)}</OtrosImp>`).join('') +
    (retenido.total > 0 ? el('IVARetTotal', retenido.total) : '') +
    (retenido.parcial > 0 ? el('IVARetParcial', retenido.parcial) : '') +
    el('MntTotal', montoLibro('MntTotal', d.total)) +
    '</Detalle>'
  );
}

function accumulate(lineas: Linea[]): Map<number, Acc> {
  const byType = new Map<number, Acc>();
  for (const { d, mntIva, noRec, usoComun, otros, retenido } of lineas) {
    const a = byType.get(d.tipoDoc) ?? {
      docs: 0,
      anulados: 0,
      opExe: 0,
      exe: 0,
      neto: 0,
      opIvaRec: 0,
      iva: 0,
      opUsoComun: 0,
      usoComun: 0,
      noRec: new Map(),
      otros: new Map(),
      retTotal: { ops: 0, monto: 0 },
      retParcial: { ops: 0, monto: 0 },
      total: 0,
    };
    byType.set(d.tipoDoc, a);
    if (d.anulado) {
      a.anulados++;
      continue;
    }
    a.docs++;
    if (d.exento > 0) a.opExe++;
    a.exe += d.exento;
    a.neto += d.neto;
    a.total += d.total;
    // TotOpIVANoRec counts operations (documents), even one with two amounts under the same code.
    for (const codigo of new Set(noRec.map((n) => n.codigo))) {
      const monto = noRec.filter((n) => n.codigo === codigo).reduce((t, n) => t + n.monto, 0);
      const r = a.noRec.get(codigo) ?? { ops: 0, monto: 0 };
      a.noRec.set(codigo, { ops: r.ops + 1, monto: r.monto + monto });
    }
    // TotMntIVA is the sum of the lines' MntIVA: in a purchases book that is the recoverable IVA.
    if (mntIva > 0) a.opIvaRec++;
    a.iva += mntIva;
    if (usoComun > 0) a.opUsoComun++;
    a.usoComun += usoComun;
    for (const o of otros) a.otros.set(o.codigo, (a.otros.get(o.codigo) ?? 0) + o.monto);
    if (retenido.total > 0) a.retTotal = { ops: a.retTotal.ops + 1, monto: a.retTotal.monto + retenido.total };
    if (retenido.parcial > 0) a.retParcial = { ops: a.retParcial.ops + 1, monto: a.retParcial.monto + retenido.parcial };
  }
  return byType;
}

function totalesPeriodo(tipo: number, a: Acc, compra: boolean, factor?: Decimal): string {
  const noRec = [...a.noRec.entries()]
    .sort(([x], [y]) => x - y)
    .map(([cod, r]) => `<TotIVANoRec>${el('CodIVANoRec', cod)}${el('TotOpIVANoRec', r.ops)}${el('TotMntIVANoRec', r.monto)}</TotIVANoRec>`)
    .join('');
  const otros = [...a.otros.entries()]
    .sort(([x], [y]) => x - y)
    .map(([cod, monto]) => `<TotOtrosImp>${el('CodImp', cod)}${el('TotMntImp', monto)}</TotOtrosImp>`)
    .join('');
  return (
    '<TotalesPeriodo>' +
    el('TpoDoc', tipo) +
    el('TotDoc', a.docs) +
    (a.anulados > 0 ? el('TotAnulado', a.anulados) : '') +
    (a.opExe > 0 ? el('TotOpExe', a.opExe) : '') +
    el('TotMntExe', a.exe) +
    el('TotMntNeto', a.neto) +
    (compra && a.opIvaRec > 0 ? el('TotOpIVARec', a.opIvaRec) : '') +
    el('TotMntIVA', a.iva) +
    noRec +
    (a.usoComun > 0 ? usoComun(a, factor) : '') +
    otros +
    (a.retTotal.ops > 0 ? el('TotOpIVARetTotal', a.retTotal.ops) + el('TotIVARetTotal', a.retTotal.monto) : '') +
    (a.retParcial.ops > 0 ? el('TotOpIVARetParcial', a.retParcial.ops) + el('TotIVARetParcial', a.retParcial.monto) : '') +
    el('TotMntTotal', a.total) +
    '</TotalesPeriodo>'
  );
}

/** TotCredIVAUsoComun = TotIVAUsoComun × FctProp (3 decimals, LibroCV_v10.xsd), rounded once in decimal (1300 × 0.575 is 747.4999...
 * in floats); LibreDTE and dansanti round per line, a few pesos apart. */
function usoComun(a: Acc, factor?: Decimal): string {
  const base = el('TotOpIVAUsoComun', a.opUsoComun) + el('TotIVAUsoComun', a.usoComun);
  if (factor === undefined) return base;
  const credito = new Decimal(a.usoComun).times(factor).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  return base + el('FctProp', factor.toFixed(3)) + el('TotCredIVAUsoComun', credito.toFixed(0));
}

/** The factor as FctProp states it exactly (0..1, ≤ 3 decimals). @throws DteBuildError */
function factorProporcionalidad(f: number | undefined, compra: boolean): Decimal | undefined {
  if (f === undefined) return undefined;
  if (!compra) throw new DteBuildError('factorProporcionalidad belongs to a purchases book (LC)');
  if (!(Number.isFinite(f) && f >= 0 && f <= 1) || new Decimal(f).decimalPlaces() > 3) {
    throw new DteBuildError(`factorProporcionalidad must be 0..1 with at most 3 decimals (FctProp), got ${f}`);
  }
  return new Decimal(f);
}

/** A book's Caratula (LibroCV_v10.xsd; LibroGuia_v10.xsd has no TipoOperacion). @throws DteBuildError on a bad or missing code. */
export function caratulaLibroXml(c: Omit<LibroCaratulaInput, 'tipoOperacion'> & { tipoOperacion?: 'COMPRA' | 'VENTA' }): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(c.periodoTributario))
    throw new DteBuildError(`periodoTributario must be YYYY-MM, got "${c.periodoTributario}"`);
  if (!Number.isSafeInteger(c.nroResol) || c.nroResol < 0 || c.nroResol > 999_999) throw new DteBuildError('nroResol must be 0..999999');
  if (c.tipoLibro === 'ESPECIAL' && !c.folioNotificacion) throw new DteBuildError('an ESPECIAL book needs folioNotificacion');
  if (c.tipoLibro === 'RECTIFICA' && !c.codAutRec) throw new DteBuildError('a RECTIFICA book needs codAutRec');
  if (TIPOS_ENVIO_SEGMENTADOS.includes(c.tipoEnvio) && c.nroSegmento === undefined) {
    throw new DteBuildError(`a ${c.tipoEnvio} book needs nroSegmento (the segment's number)`);
  }
  return (
    '<Caratula>' +
    el('RutEmisorLibro', rut('RutEmisorLibro', c.rutEmisorLibro)) +
    el('RutEnvia', rut('RutEnvia', c.rutEnvia)) +
    el('PeriodoTributario', c.periodoTributario) +
    el('FchResol', fecha('FchResol', c.fchResol)) +
    `<NroResol>${c.nroResol}</NroResol>` +
    el('TipoOperacion', c.tipoOperacion) +
    el('TipoLibro', c.tipoLibro) +
    el('TipoEnvio', c.tipoEnvio) +
    (c.nroSegmento !== undefined ? el('NroSegmento', posInt('NroSegmento', c.nroSegmento, 6)) : '') +
    (c.folioNotificacion ? el('FolioNotificacion', posInt('FolioNotificacion', c.folioNotificacion)) : '') +
    (c.codAutRec ? el('CodAutRec', fieldText('CodAutRec', c.codAutRec, 10)) : '') +
    '</Caratula>'
  );
}

/** An unsigned IECV (LibroCV_v10.xsd, docs/research/sii-protocol.md §3.6), totals per type from the lines as written, CLP; the RCV
 * replaces it since 2017-08, kept for certification and special books. @throws DteBuildError on invalid values, LC fields in a sales
 * book, or missing notification/authorization codes or segment. */
export function buildLibroCompraVenta(input: LibroInput): string {
  const c = input.caratula;
  if (!['COMPRA', 'VENTA'].includes(c.tipoOperacion)) throw new DteBuildError('tipoOperacion must be COMPRA or VENTA');
  const compra = c.tipoOperacion === 'COMPRA';
  const factor = factorProporcionalidad(input.factorProporcionalidad, compra);
  const id = input.id ?? `LIBRO_${c.tipoOperacion}_${c.periodoTributario.replace('-', '_')}`;
  if (!/^[A-Za-z_][\w.-]*$/.test(id)) throw new DteBuildError(`id must be an XML ID (NCName), got "${id}"`);
  const caratula = caratulaLibroXml(c);
  const lineas = input.detalle.map((d) => linea(d, compra));
  const totals = accumulate(lineas);
  const resumen =
    totals.size === 0
      ? ''
      : '<ResumenPeriodo>' +
        [...totals.entries()]
          .sort(([x], [y]) => x - y)
          .map(([t, a]) => totalesPeriodo(t, a, compra, factor))
          .join('') +
        '</ResumenPeriodo>';
  return (
    '<?xml version="1.0" encoding="ISO-8859-1"?>\n' +
    `<LibroCompraVenta xmlns="http://www.sii.cl/SiiDte" version="1.0"><EnvioLibro ID="${id}">` +
    caratula +
    resumen +
    lineas.map(detalleXml).join('') +
    el('TmstFirma', timestamp('TmstFirma', input.tmstFirma)) +
    '</EnvioLibro></LibroCompraVenta>'
  );
}
