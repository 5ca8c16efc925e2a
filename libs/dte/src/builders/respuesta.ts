import { DteBuildError } from '../errors';
import type { ParsedDte } from '../parsers/received';
import { contacto, el, fecha, posInt, reqText, rut, timestamp } from './text';

/** RespuestaEnvioDTE_v10.xsd Caratula: rutResponde the receiver, rutRecibe the issuer; MailContacto is refused over 80, the rest truncated. */
export interface RespuestaCaratulaInput {
  rutResponde: string;
  rutRecibe: string;
  idRespuesta: number;
  nmbContacto?: string;
  fonoContacto?: string;
  mailContacto?: string;
  tmstFirmaResp: string;
}

export interface DocumentoRespondido {
  tipoDte: number;
  folio: number;
  fchEmis: string;
  rutEmisor: string;
  rutRecep: string;
  mntTotal: number;
}

/** One DTE of a RecepcionEnvio. EstadoRecepDTE: 0 OK, 1 signature, 2 issuer RUT, 3 receiver RUT, 4 repeated, 99 other; glosa ≤ 256. */
export interface RecepcionDteInput extends DocumentoRespondido {
  estado: 0 | 1 | 2 | 3 | 4 | 99;
  glosa: string;
}

/** EstadoRecepEnv: 0 OK, 1 schema, 2 signature, 3 receiver RUT, 90 repeated, 91 unreadable, 99 other; digest its DigestValue. */
export interface RecepcionEnvioInput {
  nmbEnvio: string;
  fchRecep: string;
  codEnvio: number;
  envioDteId: string;
  digest?: string;
  rutEmisor?: string;
  rutReceptor?: string;
  estado: 0 | 1 | 2 | 3 | 90 | 91 | 99;
  glosa: string;
  dtes?: RecepcionDteInput[];
}

/** Commercial result of one DTE. EstadoDTE: 0 accepted, 1 with discrepancies, 2 rejected; glosa ≤ 256; CodRchDsc −1..−999. */
export interface ResultadoDteInput extends DocumentoRespondido {
  codEnvio: number;
  estado: 0 | 1 | 2;
  glosa: string;
  codRchDsc?: number;
}

/** Exactly one of `recepciones` or `resultados`; `id` Resultado/@ID, signed by reference (default "ResultadoEnvio"). */
export interface RespuestaDteInput {
  caratula: RespuestaCaratulaInput;
  recepciones?: RecepcionEnvioInput[];
  resultados?: ResultadoDteInput[];
  id?: string;
}

function montoDoc(d: { tipoDte: number; folio: number; fchEmis: string; rutEmisor: string; rutRecep: string; mntTotal: number }): string {
  if (!Number.isSafeInteger(d.mntTotal) || d.mntTotal < 0)
    throw new DteBuildError(`MntTotal must be a whole number ≥ 0, got ${d.mntTotal}`);
  return (
    el('TipoDTE', posInt('TipoDTE', d.tipoDte, 3)) +
    el('Folio', posInt('Folio', d.folio)) +
    el('FchEmis', fecha('FchEmis', d.fchEmis)) +
    el('RUTEmisor', rut('RUTEmisor', d.rutEmisor)) +
    el('RUTRecep', rut('RUTRecep', d.rutRecep)) +
    el('MntTotal', d.mntTotal)
  );
}

function recepcionEnvio(r: RecepcionEnvioInput): string {
  const dtes = r.dtes ?? [];
  return (
    '<RecepcionEnvio>' +
    reqText('NmbEnvio', r.nmbEnvio, 80, 'truncate') +
    el('FchRecep', timestamp('FchRecep', r.fchRecep)) +
    el('CodEnvio', posInt('CodEnvio', r.codEnvio)) +
    reqText('EnvioDTEID', r.envioDteId, 80) +
    el('Digest', r.digest) +
    (r.rutEmisor ? el('RutEmisor', rut('RutEmisor', r.rutEmisor)) : '') +
    (r.rutReceptor ? el('RutReceptor', rut('RutReceptor', r.rutReceptor)) : '') +
    el('EstadoRecepEnv', r.estado) +
    reqText('RecepEnvGlosa', r.glosa, 256, 'truncate') +
    (dtes.length > 0 ? el('NroDTE', posInt('NroDTE', dtes.length, 4)) : '') +
    dtes
      .map(
        (d) =>
          `<RecepcionDTE>${montoDoc(d)}${el('EstadoRecepDTE', d.estado)}${reqText('RecepDTEGlosa', d.glosa, 256, 'truncate')}</RecepcionDTE>`,
      )
      .join('') +
    '</RecepcionEnvio>'
  );
}

function resultadoDte(r: ResultadoDteInput): string {
  if (r.codRchDsc !== undefined && !(Number.isInteger(r.codRchDsc) && r.codRchDsc < 0 && r.codRchDsc >= -999)) {
    throw new DteBuildError('codRchDsc must be a negative integer of up to 3 digits');
  }
  return (
    '<ResultadoDTE>' +
    montoDoc(r) +
    el('CodEnvio', posInt('CodEnvio', r.codEnvio)) +
    el('EstadoDTE', r.estado) +
    reqText('EstadoDTEGlosa', r.glosa, 256, 'truncate') +
    el('CodRchDsc', r.codRchDsc) +
    '</ResultadoDTE>'
  );
}

function documentoDe(dte: ParsedDte): DocumentoRespondido {
  return {
    tipoDte: dte.tipo_dte,
    folio: dte.folio,
    fchEmis: dte.fecha_emision,
    rutEmisor: dte.emisor.rut,
    rutRecep: dte.receptor.rut,
    mntTotal: dte.montos.total,
  };
}

/** The RecepcionDTE line for a parsed DTE, its amounts and RUTs as the document states them. */
export function recepcionDteFromParsed(dte: ParsedDte, estado: RecepcionDteInput['estado'], glosa: string): RecepcionDteInput {
  return { ...documentoDe(dte), estado, glosa };
}

/** The ResultadoDTE line (commercial acceptance/rejection) for a parsed DTE. */
export function resultadoDteFromParsed(
  dte: ParsedDte,
  codEnvio: number,
  estado: ResultadoDteInput['estado'],
  glosa: string,
): ResultadoDteInput {
  return { ...documentoDe(dte), codEnvio, estado, glosa };
}

/** Unsigned RespuestaDTE (RespuestaEnvioDTE_v10.xsd; docs/research/sii-protocol.md §3.5). @throws DteBuildError unless one kind is given */
export function buildRespuestaDte(input: RespuestaDteInput): string {
  const rec = input.recepciones ?? [];
  const res = input.resultados ?? [];
  if (rec.length > 0 === res.length > 0) throw new DteBuildError('give either recepciones or resultados (one kind, at least one)');
  const c = input.caratula;
  const n = rec.length + res.length;
  const id = input.id ?? 'ResultadoEnvio';
  if (!/^[A-Za-z_][\w.-]*$/.test(id)) throw new DteBuildError(`id must be an XML ID (NCName), got "${id}"`);
  const caratula =
    '<Caratula version="1.0">' +
    el('RutResponde', rut('RutResponde', c.rutResponde)) +
    el('RutRecibe', rut('RutRecibe', c.rutRecibe)) +
    el('IdRespuesta', posInt('IdRespuesta', c.idRespuesta)) +
    el('NroDetalles', posInt('NroDetalles', n, 4)) +
    contacto(c.nmbContacto, c.fonoContacto, c.mailContacto) +
    el('TmstFirmaResp', timestamp('TmstFirmaResp', c.tmstFirmaResp)) +
    '</Caratula>';
  return (
    '<?xml version="1.0" encoding="ISO-8859-1"?>\n' +
    `<RespuestaDTE xmlns="http://www.sii.cl/SiiDte" version="1.0"><Resultado ID="${id}">` +
    caratula +
    rec.map(recepcionEnvio).join('') +
    res.map(resultadoDte).join('') +
    '</Resultado></RespuestaDTE>'
  );
}
