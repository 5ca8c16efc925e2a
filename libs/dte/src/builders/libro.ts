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
  /** Purchases: IVA de uso común. */
  ivaUsoComun?: number;
}

/** Input of `buildLibroCompraVenta`. */
export interface LibroInput {
  caratula: LibroCaratulaInput;
  detalle: LibroDetalleInput[];
  tmstFirma: string;
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
  usoComun: number;
  noRec: Map<number, { ops: number; monto: number }>;
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
    (d.exento > 0 ? el('MntExe', amount('MntExe', d.exento)) : '') +
    (d.neto > 0 ? el('MntNeto', amount('MntNeto', d.neto)) : '') +
    (d.neto > 0 || d.iva > 0 ? el('MntIVA', amount('MntIVA', d.iva)) : '') +
    noRec.join('') +
    (d.ivaUsoComun ? el('IVAUsoComun', amount('IVAUsoComun', d.ivaUsoComun)) : '') +
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
      usoComun: 0,
      noRec: new Map(),
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
    // Recoverable IVA only (the non-recoverable and common-use parts are reported apart).
    const ivaRec = d.iva - noRec - (d.ivaUsoComun ?? 0);
    if (ivaRec > 0) a.opIvaRec++;
    a.iva += d.iva;
    a.usoComun += d.ivaUsoComun ?? 0;
  }
  return byType;
}

function totalesPeriodo(tipo: number, a: Acc, compra: boolean): string {
  const noRec = [...a.noRec.entries()]
    .sort(([x], [y]) => x - y)
    .map(([cod, r]) => `<TotIVANoRec>${el('CodIVANoRec', cod)}${el('TotOpIVANoRec', r.ops)}${el('TotMntIVANoRec', r.monto)}</TotIVANoRec>`)
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
    (compra ? noRec : '') +
    (compra && a.usoComun > 0 ? el('TotIVAUsoComun', a.usoComun) : '') +
    el('TotMntTotal', a.total) +
    '</TotalesPeriodo>'
  );
}

/**
 * An unsigned LibroCompraVenta (IECV; ISO-8859-1 declaration; LibroCV_v10.xsd, docs/research/sii-protocol.md §3.6):
 * Caratula in XSD order, ResumenPeriodo with one TotalesPeriodo per document type computed from the
 * details (TotDoc excludes voided folios, counted in TotAnulado), the Detalle lines, TmstFirma. The
 * signing service signs `#<id>`. A skeleton: no other taxes (OtrosImp), no segments' ResumenSegmento,
 * no LceCal. Since 2017-08 the RCV replaces the IECV; it remains for certification and special books.
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
          .map(([t, a]) => totalesPeriodo(t, a, c.tipoOperacion === 'COMPRA'))
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
