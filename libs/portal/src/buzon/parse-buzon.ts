import { load, type Cheerio, type CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import type { DocumentoSii, Notificacion } from './buzon.types';
import { fechaHoraIso, fechaIso } from '../carpeta/formats';

/*
 * The Mi SII mailbox pages. Their real structure is UNKNOWN: no public code or documentation describes them
 * (docs/research/sii-protocol.md §9). What this file reads is the project's own reading, in the style of the
 * SII portal pages the research does know (§7-§8: ids on tables and cells, text in `span.textof`, ISO-8859-1,
 * dd-mm-aaaa dates, "- No tiene ... -" empty states), and it is exactly what the stand-in serves
 * (libs/sii-fake/src/portal-buzon.ts, under `/cgi_buzon`). When the real pages are seen, this file and the
 * stand-in change together.
 */

/** Why a page is not the expected mailbox page. */
export type BuzonParseMotivo = 'no_autenticado' | 'error_portal' | 'otra_pagina';

/**
 * The page is not the expected mailbox page (or not one this parser knows). `message` is a one-line reason;
 * `motivo` says whether the portal answered its "NO ESTA AUTENTICADO" page (`no_autenticado`, the session is
 * dead), its error page (`error_portal`, the portal's text in the message) or something else (`otra_pagina`).
 */
export class BuzonParseError extends Error {
  constructor(
    message: string,
    readonly motivo: BuzonParseMotivo = 'otra_pagina',
  ) {
    super(message);
    this.name = 'BuzonParseError';
  }
}

/** Stands for a `<br>` while the text is collapsed (a control character no page carries as text). */
const BR = '\u0001';

/** Texts the portal writes in a list with nothing to show ("- No tiene notificaciones -", "- No existen documentos -"). */
const VACIO = /^-?\s*No (tiene|existen|se registran?)\b/i;

/**
 * The notifications list, `notificaciones.cgi?rut=` (decoded text of the ISO-8859-1 page; see
 * `decodeHtml` for saved bytes). Structure (the project's own reading, served by libs/sii-fake; research
 * §9 says the real one is unknown): `table#tbl_notificaciones`, a header row, then one row per notification,
 * newest first, carrying its id in `data-id` (or, failing that, in the `id` query parameter of the row's link to
 * `notificacion.cgi`), with four `span.textof` cells: Fecha (`dd-mm-aaaa hh:mm`, America/Santiago), Asunto,
 * Remitente, Estado ("Leída" / "No leída"). "- No tiene notificaciones -" is the empty state.
 * @returns the notifications in page order; `fecha` `YYYY-MM-DDTHH:MM` (or `YYYY-MM-DD` when the page has no
 *   time), `cuerpo` always null (the list does not show it); [] for the empty state.
 * @throws BuzonParseError when the page has no `#tbl_notificaciones` (a dead session, the portal's error page,
 *   another page), a row has no id, an unreadable date or an unknown Estado, or the table holds a text other
 *   than the empty state (e.g. a notice that the service is down).
 */
export function parseNotificaciones(html: string): Notificacion[] {
  const $ = load(html);
  const tabla = $('#tbl_notificaciones');
  if (tabla.length === 0) throw paginaInesperada($, 'the notifications list', '#tbl_notificaciones');
  return filas($, tabla, 4, 'notificacion.cgi').map(({ id, celdas, n }) => ({
    id,
    fecha: fecha(celdas[0], `notification row ${n}`),
    asunto: celdas[1],
    remitente: celdas[2],
    leida: leida(celdas[3], `notification row ${n}`),
    cuerpo: null,
  }));
}

/**
 * One notification, `notificacion.cgi?rut=&id=` (decoded text; opening it marks it read in the portal).
 * Structure (the project's own reading, served by libs/sii-fake; docs/research/sii-protocol.md §9): hidden input
 * `#hd_id_notificacion` (its id), `table#tbl_notificacion` with the cells `#td_fecha` (`dd-mm-aaaa hh:mm`,
 * America/Santiago), `#td_remitente`, `#td_asunto`, `#td_estado` ("Leída" / "No leída"), and the body
 * `div#div_cuerpo`, one `<p>` per paragraph (`<br>` a line break inside one).
 * @returns the notification; `cuerpo` plain text, blanks collapsed, lines joined by "\n" and paragraphs by
 *   "\n\n", null when the body is empty.
 * @throws BuzonParseError when the page has no `#tbl_notificacion` (a dead session, the portal's error page
 *   such as an unknown id, another page), no id, an unreadable date or an unknown Estado.
 */
export function parseNotificacion(html: string): Notificacion {
  const $ = load(html);
  const tabla = $('#tbl_notificacion');
  if (tabla.length === 0) throw paginaInesperada($, 'a notification', '#tbl_notificacion');
  const id = ($('#hd_id_notificacion').attr('value') ?? '').trim();
  if (!id) throw new BuzonParseError('notification page without its id (#hd_id_notificacion)');
  const celda = (sel: string) => texto($, tabla.find(sel).get(0));
  return {
    id,
    fecha: fecha(celda('#td_fecha'), 'notification'),
    asunto: celda('#td_asunto'),
    remitente: celda('#td_remitente'),
    leida: leida(celda('#td_estado'), 'notification'),
    cuerpo: cuerpo($, $('#div_cuerpo').get(0)),
  };
}

/**
 * The documents the SII issued to the taxpayer, `documentos.cgi?rut=` (decoded text). Structure (the project's
 * own reading, served by libs/sii-fake; docs/research/sii-protocol.md §9): `table#tbl_documentos`, a header row, then one row per
 * document, newest first, carrying its id in `data-id` (or in the `id` query parameter of its link to
 * `documento_pdf.cgi`), with five `span.textof` cells: Fecha (`dd-mm-aaaa`), Tipo ("Resolución",
 * "Certificado"), N° ("-" or empty when none), Título, and the PDF link (`a.lnk_pdf`). "- No existen
 * documentos -" is the empty state.
 * @returns the documents in page order, `fecha` `YYYY-MM-DD`; [] for the empty state.
 * @throws BuzonParseError when the page has no `#tbl_documentos` (a dead session, the portal's error page,
 *   another page), a row has no id or an unreadable date, or the table holds a text other than the empty state.
 */
export function parseDocumentos(html: string): DocumentoSii[] {
  const $ = load(html);
  const tabla = $('#tbl_documentos');
  if (tabla.length === 0) throw paginaInesperada($, 'the documents list', '#tbl_documentos');
  return filas($, tabla, 5, 'documento_pdf.cgi').map(({ id, celdas, n }) => {
    const dia = fechaIso(celdas[0]);
    if (!dia) throw new BuzonParseError(`document row ${n}: unreadable date "${celdas[0]}"`);
    return { id, fecha: dia, tipo: celdas[1], titulo: celdas[3], numero: celdas[2] === '' || celdas[2] === '-' ? null : celdas[2] };
  });
}

/**
 * The data rows of a list table: those with an id (`data-id`, or the `id` parameter of a link to `enlace`).
 * Rows without one are the header and the empty-state text; a row of `columnas` cells dated in its first cell
 * but without an id is an error rather than a silently lost item.
 */
function filas($: CheerioAPI, tabla: Cheerio<Element>, columnas: number, enlace: string): { id: string; celdas: string[]; n: number }[] {
  const out: { id: string; celdas: string[]; n: number }[] = [];
  tabla
    .find('tr')
    .toArray()
    .forEach((tr, i) => {
      const celdas = $(tr)
        .children('td')
        .toArray()
        .map((td) => texto($, td));
      const id = idDeFila($, tr, enlace);
      if (!id) {
        if (celdas.length === columnas && fechaIso(celdas[0].split(' ')[0]) !== null) {
          throw new BuzonParseError(`row ${i + 1} has no id (data-id or the id of its ${enlace} link)`);
        }
        if (celdas.length === 1 && !VACIO.test(celdas[0]) && celdas[0] !== '') {
          throw new BuzonParseError(`unexpected text in the list: "${celdas[0].slice(0, 80)}"`);
        }
        return;
      }
      if (celdas.length !== columnas) throw new BuzonParseError(`row ${i + 1} has ${celdas.length} cells, expected ${columnas}`);
      out.push({ id, celdas, n: i + 1 });
    });
  return out;
}

function idDeFila($: CheerioAPI, tr: Element, enlace: string): string | null {
  const dataId = ($(tr).attr('data-id') ?? '').trim();
  if (dataId) return dataId;
  for (const a of $(tr).find('a[href]').toArray()) {
    const href = $(a).attr('href') ?? '';
    let url: URL;
    try {
      url = new URL(href, 'https://www.sii.cl/cgi_buzon/');
    } catch {
      continue;
    }
    const id = url.searchParams.get('id');
    if (url.pathname.endsWith(`/${enlace}`) && id) return id;
  }
  return null;
}

/** `dd-mm-aaaa hh:mm` as `YYYY-MM-DDTHH:MM`, `dd-mm-aaaa` as `YYYY-MM-DD`. */
function fecha(s: string, donde: string): string {
  const iso = fechaHoraIso(s) ?? fechaIso(s);
  if (!iso) throw new BuzonParseError(`${donde}: unreadable date "${s}"`);
  return iso;
}

function leida(estado: string, donde: string): boolean {
  const e = estado
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  if (e === 'leida') return true;
  if (e === 'no leida' || e === 'nueva') return false;
  throw new BuzonParseError(`${donde}: unknown Estado "${estado}"`);
}

/** Paragraphs (`<p>`, or the whole element when it has none) joined by a blank line; null when empty. */
function cuerpo($: CheerioAPI, el: AnyNode | undefined): string | null {
  if (!el) return null;
  const parrafos = $(el).find('p').toArray();
  const bloques = (parrafos.length > 0 ? parrafos : [el]).map((p) => lineas($, p).join('\n')).filter(Boolean);
  return bloques.length > 0 ? bloques.join('\n\n') : null;
}

/**
 * The text of an element with `<br>` as line breaks (the markup's own newlines are blanks), blanks collapsed per
 * line, empty lines dropped.
 */
function lineas($: CheerioAPI, el: AnyNode | undefined): string[] {
  if (!el) return [];
  const copy = $(el).clone();
  copy.find('br').replaceWith(BR);
  return copy
    .text()
    .split(BR)
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

function texto($: CheerioAPI, el: AnyNode | undefined): string {
  return lineas($, el).join(' ');
}

/** Why the page is not `que`: the portal's dead-session page, its error page, or another page. */
function paginaInesperada($: CheerioAPI, que: string, tabla: string): BuzonParseError {
  const body = texto($, $('body').get(0) ?? $.root().get(0));
  if (/NO ESTA AUTENTICADO/i.test(body))
    return new BuzonParseError('the portal says NO ESTA AUTENTICADO: the session is not valid', 'no_autenticado');
  const error = texto($, $('#error').get(0));
  if (error) return new BuzonParseError(`the portal answered an error instead of ${que}: ${error.slice(0, 200)}`, 'error_portal');
  return new BuzonParseError(`not ${que}: no ${tabla} table`);
}
