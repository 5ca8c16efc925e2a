import { DteBuildError } from '../errors';
import { caratulaLibroXml, montoLibro, tasaLibro, type LibroCaratulaInput } from './libro';
import { el, fecha, fieldText, posInt, rut, timestamp } from './text';

/**
 * A guía (52) of the book, CLP. `indTraslado`: IdDoc IndTraslado (Formato DTE v2.2 §A), 1 a sale; `anulado` 1 voided before sending, 2
 * after (LibroGuia_v10.xsd Detalle/Anulado); `referencia`: the factura that invoiced it.
 */
export interface LibroGuiaDetalleInput {
  folio: number;
  anulado?: 1 | 2;
  indTraslado: number;
  fecha: string;
  rut: string;
  razonSocial: string;
  neto: number;
  tasaIva?: number | null;
  iva: number;
  total: number;
  referencia?: { tipoDoc: number; folio: number; fecha: string };
}

export type LibroGuiaCaratulaInput = Omit<LibroCaratulaInput, 'tipoOperacion' | 'tipoLibro' | 'codAutRec' | 'folioNotificacion'> & {
  folioNotificacion: number;
};

export interface LibroGuiaInput {
  caratula: LibroGuiaCaratulaInput;
  detalle: LibroGuiaDetalleInput[];
  tmstFirma: string;
  id?: string;
}

/** LibroGuia_v10.xsd Detalle/TpoOper stops at 7: IndTraslado 8 and 9 (exports) are counted in TotTraslado only. */
const TPO_OPER_DETALLE = 7;
/** LibroGuia_v10.xsd ResumenPeriodo/TotTraslado maxOccurs. */
const MAX_TOT_TRASLADO = 6;

export interface ResumenLibroGuia {
  foliosAnulados: number;
  guiasAnuladas: number;
  guiasVenta: number;
  montoVenta: number;
  traslados: { tipo: number; guias: number; monto: number }[];
}

/**
 * A LibroGuia's ResumenPeriodo (docs/research/sii-protocol.md §3.8): voided folios and guías only as voided; the valid guías of
 * IndTraslado 1 as sales (count, Σ MntTotal), the others per IndTraslado (2-9), CLP. @throws DteBuildError past 6 kinds of transfer.
 */
export function resumenLibroGuia(detalle: LibroGuiaDetalleInput[]): ResumenLibroGuia {
  const traslados = new Map<number, { tipo: number; guias: number; monto: number }>();
  const r: ResumenLibroGuia = { foliosAnulados: 0, guiasAnuladas: 0, guiasVenta: 0, montoVenta: 0, traslados: [] };
  for (const d of detalle) {
    if (d.anulado === 1) r.foliosAnulados++;
    else if (d.anulado === 2) r.guiasAnuladas++;
    else if (d.indTraslado === 1) {
      r.guiasVenta++;
      r.montoVenta += d.total;
    } else {
      const t = traslados.get(d.indTraslado) ?? { tipo: d.indTraslado, guias: 0, monto: 0 };
      traslados.set(d.indTraslado, { ...t, guias: t.guias + 1, monto: t.monto + d.total });
    }
  }
  r.traslados = [...traslados.values()].sort((a, b) => a.tipo - b.tipo);
  if (r.traslados.length > MAX_TOT_TRASLADO) {
    throw new DteBuildError(`a LibroGuia states at most ${MAX_TOT_TRASLADO} kinds of transfer (TotTraslado), got ${r.traslados.length}`);
  }
  return r;
}

function resumenXml(r: ResumenLibroGuia): string {
  return (
    '<ResumenPeriodo>' +
    (r.foliosAnulados > 0 ? el('TotFolAnulado', r.foliosAnulados) : '') +
    (r.guiasAnuladas > 0 ? el('TotGuiaAnulada', r.guiasAnuladas) : '') +
    el('TotGuiaVenta', r.guiasVenta) +
    el('TotMntGuiaVta', r.montoVenta) +
    r.traslados
      .map((t) => `<TotTraslado>${el('TpoTraslado', t.tipo)}${el('CantGuia', t.guias)}${el('MntGuia', t.monto)}</TotTraslado>`)
      .join('') +
    '</ResumenPeriodo>'
  );
}

function detalleXml(d: LibroGuiaDetalleInput): string {
  if (!Number.isInteger(d.indTraslado) || d.indTraslado < 1 || d.indTraslado > 9) {
    throw new DteBuildError(`guía ${d.folio}: indTraslado must be 1..9, got ${d.indTraslado}`);
  }
  const folio = el('Folio', posInt('Folio', d.folio));
  if (d.anulado === 1) return `<Detalle>${folio}${el('Anulado', 1)}</Detalle>`;
  const ref = d.referencia;
  return (
    '<Detalle>' +
    folio +
    (d.anulado === 2 ? el('Anulado', 2) : '') +
    (d.indTraslado <= TPO_OPER_DETALLE ? el('TpoOper', d.indTraslado) : '') +
    el('FchDoc', fecha('FchDoc', d.fecha)) +
    el('RUTDoc', rut('RUTDoc', d.rut)) +
    el('RznSoc', fieldText('RznSoc', d.razonSocial, 50, 'truncate')) +
    el('MntNeto', montoLibro('MntNeto', d.neto)) +
    el('TasaImp', tasaLibro('TasaImp', d.tasaIva)) +
    el('IVA', montoLibro('IVA', d.iva)) +
    el('MntTotal', montoLibro('MntTotal', d.total)) +
    (ref
      ? el('TpoDocRef', ref.tipoDoc) + el('FolioDocRef', posInt('FolioDocRef', ref.folio)) + el('FchDocRef', fecha('FchDocRef', ref.fecha))
      : '') +
    '</Detalle>'
  );
}

/**
 * An unsigned LibroGuia (LibroGuia_v10.xsd; docs/research/sii-protocol.md §3.8), the special book the SII asks for by notification
 * (TipoLibro ESPECIAL, FolioNotificacion). CLP, dates YYYY-MM-DD. @throws DteBuildError on an invalid value, IndTraslado or id.
 */
export function buildLibroGuia(input: LibroGuiaInput): string {
  const c = input.caratula;
  const id = input.id ?? `LIBRO_GUIA_${c.periodoTributario.replace('-', '_')}`;
  if (!/^[A-Za-z_][\w.-]*$/.test(id)) throw new DteBuildError(`id must be an XML ID (NCName), got "${id}"`);
  const caratula = caratulaLibroXml({ ...c, tipoLibro: 'ESPECIAL' });
  return (
    '<?xml version="1.0" encoding="ISO-8859-1"?>\n' +
    `<LibroGuia xmlns="http://www.sii.cl/SiiDte" version="1.0"><EnvioLibro ID="${id}">` +
    caratula +
    resumenXml(resumenLibroGuia(input.detalle)) +
    input.detalle.map(detalleXml).join('') +
    el('TmstFirma', timestamp('TmstFirma', input.tmstFirma)) +
    '</EnvioLibro></LibroGuia>'
  );
}
