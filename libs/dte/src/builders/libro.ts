import { DteBuildError } from '../errors';
import { el, fecha, fieldText, posInt, rut, timestamp } from './text';

/** Caratula of a LibroCompraVenta (LibroCV_v10.xsd; docs/research/sii-protocol.md §3.6). */
export interface LibroCaratulaInput {
  rutEmisorLibro: string;
  rutEnvia: string;
  /** YYYY-MM. */
  periodoTributario: string;
  fchResol: string;
  /** 0 in certification. */
  nroResol: number;
  tipoOperacion: 'COMPRA' | 'VENTA';
  tipoLibro: 'MENSUAL' | 'ESPECIAL' | 'RECTIFICA';
  tipoEnvio: 'TOTAL' | 'PARCIAL' | 'FINAL' | 'AJUSTE';
  /** Segment number for PARCIAL/FINAL sends. */
  nroSegmento?: number;
  /** Required for ESPECIAL books. */
  folioNotificacion?: number;
  /** Replacement authorization code, required for RECTIFICA books (≤ 10). */
  codAutRec?: string;
}

/** One document in the book. Amounts in whole CLP, positive also for credit notes (the SII subtracts by type). */
export interface LibroDetalleInput {
  tipoDoc: number;
  folio: number;
  fecha: string;
  rut: string;
  /** RznSoc ≤ 50 (truncated). */
  razonSocial: string;
  exento: number;
  neto: number;
  iva: number;
  total: number;
  /** Voided folio (Anulado=A): amounts are ignored and written as absent. */
  anulado?: boolean;
  /** Purchases: IVA not recoverable, by code (1..4, 9). */
  ivaNoRecuperable?: { codigo: 1 | 2 | 3 | 4 | 9; monto: number }[];
  /** Purchases: IVA de uso común (the factor of the book, `factorProporcionalidad`, says how much is credit). */
  ivaUsoComun?: number;
  /** Other taxes and retentions (OtrosImp): e.g. code 15, IVA retenido total of a factura de compra (tipo 46). */
  otrosImpuestos?: { codigo: number; tasa: number; monto: number }[];
  /** The document a note corrects (TpoDocRef, FolioDocRef). */
  referencia?: { tipoDoc: number; folio: number };
}

/** Input of `buildLibroCompraVenta`. */
export interface LibroInput {
  caratula: LibroCaratulaInput;
  detalle: LibroDetalleInput[];
  tmstFirma: string;
  /** Purchases: the proportionality factor of IVA de uso común (0..1, e.g. 0.6), FctProp of each type with some. */
  factorProporcionalidad?: number;
  /** EnvioLibro/@ID (default `LIBRO_<OPERACION>_<YYYY>_<MM>`). */
  id?: string;
}

interface Acc {
  docs: number;
  anulados: number;
  opExe: number;
  exe: number;
  neto: number;
  opIvaRec: number;
  iva: number;
  ivaRec: number;
  opUsoComun: number;
  usoComun: number;
  noRec: Map<number, { ops: number; monto: number }>;
  otros: Map<number, number>;
  total: number;
}

function amount(field: string, v: number): number {
  if (!Number.isSafeInteger(v) || v < 0) throw new DteBuildError(`${field} must be a whole number ≥ 0, got ${v}`);
  return v;
}

function detalleXml(d: LibroDetalleInput): string {
  const base = el('TpoDoc', posInt('TpoDoc', d.tipoDoc, 3)) + el('NroDoc', posInt('NroDoc', d.folio));
  if (d.anulado) return `<Detalle>${base}<Anulado>A</Anulado></Detalle>`;
  const noRec = (d.ivaNoRecuperable ?? []).map(
    (n) => `<IVANoRec>${el('CodIVANoRec', n.codigo)}${el('MntIVANoRec', amount('MntIVANoRec', n.monto))}</IVANoRec>`,
  );
  return (
    '<Detalle>' +
    base +
    (d.iva > 0 || d.neto > 0 ? el('TasaImp', 19) : '') +
    el('FchDoc', fecha('FchDoc', d.fecha)) +
    el('RUTDoc', rut('RUTDoc', d.rut)) +
    el('RznSoc', fieldText('RznSoc', d.razonSocial.trim(), 50, 'truncate')) +
    (d.referencia
      ? el('TpoDocRef', posInt('TpoDocRef', d.referencia.tipoDoc, 3)) + el('FolioDocRef', posInt('FolioDocRef', d.referencia.folio))
      : '') +
    (d.exento > 0 ? el('MntExe', amount('MntExe', d.exento)) : '') +
    (d.neto > 0 ? el('MntNeto', amount('MntNeto', d.neto)) : '') +
    (d.neto > 0 || d.iva > 0 ? el('MntIVA', amount('MntIVA', d.iva)) : '') +
    noRec.join('') +
    (d.ivaUsoComun ? el('IVAUsoComun', amount('IVAUsoComun', d.ivaUsoComun)) : '') +
    (d.otrosImpuestos ?? [])
      .map(
        (o) =>
          `<OtrosImp>${el('CodImp', posInt('CodImp', o.codigo, 3))}${el('TasaImp', o.tasa)}${el('MntImp', amount('MntImp', o.monto))}</OtrosImp>`,
      )
      .join('') +
    el('MntTotal', amount('MntTotal', d.total)) +
    '</Detalle>'
  );
}

function accumulate(detalle: LibroDetalleInput[]): Map<number, Acc> {
  const byType = new Map<number, Acc>();
  for (const d of detalle) {
    const a = byType.get(d.tipoDoc) ?? {
      docs: 0,
      anulados: 0,
      opExe: 0,
      exe: 0,
      neto: 0,
      opIvaRec: 0,
      iva: 0,
      ivaRec: 0,
      opUsoComun: 0,
      usoComun: 0,
      noRec: new Map(),
      otros: new Map(),
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
    const noRec = (d.ivaNoRecuperable ?? []).reduce((s, n) => s + n.monto, 0);
    for (const n of d.ivaNoRecuperable ?? []) {
      const r = a.noRec.get(n.codigo) ?? { ops: 0, monto: 0 };
      a.noRec.set(n.codigo, { ops: r.ops + 1, monto: r.monto + n.monto });
    }
    // In a purchases book TotMntIVA is the recoverable IVA only (LibroCV_v10.xsd TotMntIVA: "IVA Recuperable (LC)"):
    // the non-recoverable and common-use parts are reported apart. totalesPeriodo picks which sum applies.
    const ivaRec = d.iva - noRec - (d.ivaUsoComun ?? 0);
    if (ivaRec > 0) a.opIvaRec++;
    a.iva += d.iva;
    a.ivaRec += ivaRec;
    if (d.ivaUsoComun) a.opUsoComun++;
    a.usoComun += d.ivaUsoComun ?? 0;
    for (const o of d.otrosImpuestos ?? []) a.otros.set(o.codigo, (a.otros.get(o.codigo) ?? 0) + o.monto);
  }
  return byType;
}

function totalesPeriodo(tipo: number, a: Acc, compra: boolean, factor?: number): string {
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
    el('TotMntIVA', compra ? a.ivaRec : a.iva) +
    (compra ? noRec : '') +
    (compra && a.usoComun > 0 ? usoComun(a, factor) : '') +
    otros +
    el('TotMntTotal', a.total) +
    '</TotalesPeriodo>'
  );
}

/** TotOpIVAUsoComun, TotIVAUsoComun and, with the book's factor, FctProp and the credit it gives (rounded to pesos). */
function usoComun(a: Acc, factor?: number): string {
  const base = el('TotOpIVAUsoComun', a.opUsoComun) + el('TotIVAUsoComun', a.usoComun);
  if (factor === undefined) return base;
  return base + el('FctProp', factor.toFixed(2)) + el('TotCredIVAUsoComun', Math.round(a.usoComun * factor));
}

/**
 * An unsigned LibroCompraVenta (IECV; ISO-8859-1 declaration; LibroCV_v10.xsd, docs/research/sii-protocol.md §3.6):
 * Caratula in XSD order, ResumenPeriodo with one TotalesPeriodo per document type computed from the
 * details (TotDoc excludes voided folios, counted in TotAnulado; in a purchases book TotMntIVA is the recoverable
 * IVA, with the non-recoverable IVA by code, the IVA de uso común and, given the factor, its credit, and other
 * taxes by code), the Detalle lines, TmstFirma. The signing service signs `#<id>`. No segments'
 * ResumenSegmento, no LceCal. Since 2017-08 the RCV replaces the IECV; it remains for certification and special books.
 * @throws DteBuildError on invalid values or missing notification/authorization codes.
 */
export function buildLibroCompraVenta(input: LibroInput): string {
  const c = input.caratula;
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(c.periodoTributario))
    throw new DteBuildError(`periodoTributario must be YYYY-MM, got "${c.periodoTributario}"`);
  if (!Number.isSafeInteger(c.nroResol) || c.nroResol < 0 || c.nroResol > 999_999) throw new DteBuildError('nroResol must be 0..999999');
  if (c.tipoLibro === 'ESPECIAL' && !c.folioNotificacion) throw new DteBuildError('an ESPECIAL book needs folioNotificacion');
  if (c.tipoLibro === 'RECTIFICA' && !c.codAutRec) throw new DteBuildError('a RECTIFICA book needs codAutRec');
  if (!['COMPRA', 'VENTA'].includes(c.tipoOperacion)) throw new DteBuildError('tipoOperacion must be COMPRA or VENTA');
  const f = input.factorProporcionalidad;
  if (f !== undefined && !(f >= 0 && f <= 1 && Number.isFinite(f)))
    throw new DteBuildError(`factorProporcionalidad must be 0..1, got ${f}`);
  const id = input.id ?? `LIBRO_${c.tipoOperacion}_${c.periodoTributario.replace('-', '_')}`;
  if (!/^[A-Za-z_][\w.-]*$/.test(id)) throw new DteBuildError(`id must be an XML ID (NCName), got "${id}"`);
  const caratula =
    '<Caratula>' +
    el('RutEmisorLibro', rut('RutEmisorLibro', c.rutEmisorLibro)) +
    el('RutEnvia', rut('RutEnvia', c.rutEnvia)) +
    el('PeriodoTributario', c.periodoTributario) +
    el('FchResol', fecha('FchResol', c.fchResol)) +
    `<NroResol>${c.nroResol}</NroResol>` +
    el('TipoOperacion', c.tipoOperacion) +
    el('TipoLibro', c.tipoLibro) +
    el('TipoEnvio', c.tipoEnvio) +
    (c.nroSegmento ? el('NroSegmento', posInt('NroSegmento', c.nroSegmento, 6)) : '') +
    (c.folioNotificacion ? el('FolioNotificacion', posInt('FolioNotificacion', c.folioNotificacion)) : '') +
    (c.codAutRec ? el('CodAutRec', fieldText('CodAutRec', c.codAutRec, 10)) : '') +
    '</Caratula>';
  const totals = accumulate(input.detalle);
  const resumen =
    totals.size === 0
      ? ''
      : '<ResumenPeriodo>' +
        [...totals.entries()]
          .sort(([x], [y]) => x - y)
          .map(([t, a]) => totalesPeriodo(t, a, c.tipoOperacion === 'COMPRA', input.factorProporcionalidad))
          .join('') +
        '</ResumenPeriodo>';
  return (
    '<?xml version="1.0" encoding="ISO-8859-1"?>\n' +
    `<LibroCompraVenta xmlns="http://www.sii.cl/SiiDte" version="1.0"><EnvioLibro ID="${id}">` +
    caratula +
    resumen +
    input.detalle.map(detalleXml).join('') +
    el('TmstFirma', timestamp('TmstFirma', input.tmstFirma)) +
    '</EnvioLibro></LibroCompraVenta>'
  );
}
