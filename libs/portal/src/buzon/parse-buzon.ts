import { load, type Cheerio, type CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import type { DocumentoSii, Notificacion } from './buzon.types';
import { fechaHoraIso, fechaIso } from '../carpeta/formats';

/*
 * The Mi SII mailbox pages. Their real structure is UNKNOWN (docs/research/sii-protocol.md §9): the project's own reading (styled as §7-§8),
 * exactly what libs/sii-fake/src/portal-buzon.ts serves. When the real pages are seen, both change together.
 */

/** Why a page is not the expected mailbox page. */
export type BuzonParseMotivo = 'no_autenticado' | 'error_portal' | 'otra_pagina';

/** Not the expected mailbox page; `motivo`: the portal's "NO ESTA AUTENTICADO" page (dead session), its error page, or other. */
export class BuzonParseError extends Error {
  constructor(
    message: string,
    readonly motivo: BuzonParseMotivo = 'otra_pagina',
  ) {
    super(message);
    this.name = 'BuzonParseError';
  }
}

/** Stands for a `<br>` while text is collapsed (a control character no page carries). */
const BR = '\u0001';

const VACIO = /^-?\s*No (tiene|existen|se registran?)\b/i;

/**
 * `notificaciones.cgi?rut=` (decoded): `table#tbl_notificaciones` rows with `data-id` (or their link's `id`); dates America/Santiago;
 * `cuerpo` null; [] for the empty state. @throws BuzonParseError for another page, a row without id, a bad date or Estado.
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

/** `notificacion.cgi?rut=&id=` (opening it marks it read); `cuerpo` paragraphs joined by "\n\n". @throws BuzonParseError */
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

/** `documentos.cgi?rut=`: `table#tbl_documentos`; [] when empty. @throws BuzonParseError for another page, no id or a bad date. */
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

/** Rows with an id are data; a dated row of `columnas` cells without one is an error rather than a silently lost item. */
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

function cuerpo($: CheerioAPI, el: AnyNode | undefined): string | null {
  if (!el) return null;
  const parrafos = $(el).find('p').toArray();
  const bloques = (parrafos.length > 0 ? parrafos : [el]).map((p) => lineas($, p).join('\n')).filter(Boolean);
  return bloques.length > 0 ? bloques.join('\n\n') : null;
}

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

function paginaInesperada($: CheerioAPI, que: string, tabla: string): BuzonParseError {
  const body = texto($, $('body').get(0) ?? $.root().get(0));
  if (/NO ESTA AUTENTICADO/i.test(body))
    return new BuzonParseError('the portal says NO ESTA AUTENTICADO: the session is not valid', 'no_autenticado');
  const error = texto($, $('#error').get(0));
  if (error) return new BuzonParseError(`the portal answered an error instead of ${que}: ${error.slice(0, 200)}`, 'error_portal');
  return new BuzonParseError(`not ${que}: no ${tabla} table`);
}
