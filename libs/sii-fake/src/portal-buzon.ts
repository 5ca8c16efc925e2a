import { escapeXml, santiagoDate, santiagoTimestamp } from '@lib/dte';
import PDFDocument from 'pdfkit';
import type { SiiFakeState } from './state';
import { noAutenticado, portalError, portalHtml, portalSession } from './portal-html';
import { normalizeRut } from './internal/rut';
import { NO_AUTORIZADO } from './portal-login';
import { contribuyenteFor } from './taxpayers';
import { jsonResponse, type BuzonDocumento, type BuzonNotificacion, type BuzonRut, type FakeRequest, type FakeResponse } from './types';
import { splitRut } from '@lib/rut';

// The Mi SII mailbox's real pages are UNKNOWN (docs/research/sii-protocol.md §9): the project's own, styled as §7-§8 and exactly
// what @lib/portal parse-buzon.ts reads. Change both together.

export const BUZON_BASE = '/cgi_buzon';

const SII = 'Servicio de Impuestos Internos';
const DIA_MS = 86_400_000;
const MESES = ['ENERO', 'FEBRERO', 'MARZO', 'ABRIL', 'MAYO', 'JUNIO', 'JULIO', 'AGOSTO', 'SEPTIEMBRE', 'OCTUBRE', 'NOVIEMBRE', 'DICIEMBRE'];

/** The mailbox pages for a live portal session; opening a notification marks it read. */
export async function handleBuzon(state: SiiFakeState, req: FakeRequest, page: string): Promise<FakeResponse> {
  const url = new URL(req.url, 'http://sii-fake.invalid');
  const session = portalSession(state, req);
  if (!session) return noAutenticado();
  const rut = normalizeRut(url.searchParams.get('rut') ?? '');
  if (!rut) return portalError('La solicitud no es valida.');
  if (state.options.unknownRuts.includes(rut)) return portalError('El RUT consultado no registra información tributaria.');
  if (session.rut && session.rut !== rut) return portalError(NO_AUTORIZADO);
  const buzon = buzonDe(state, rut);
  const id = url.searchParams.get('id') ?? '';
  switch (page) {
    case 'notificaciones.cgi':
      contar(state, rut);
      return portalHtml(listaNotificaciones(rut, buzon.notificaciones));
    case 'notificacion.cgi': {
      const n = buzon.notificaciones.find((x) => x.id === id);
      if (!n) return portalError('La notificación solicitada no existe.');
      n.leida = true;
      return portalHtml(notificacion(rut, n));
    }
    case 'documentos.cgi':
      contar(state, rut);
      return portalHtml(listaDocumentos(rut, buzon.documentos));
    case 'documento_pdf.cgi': {
      const d = buzon.documentos.find((x) => x.id === id);
      return d ? await pdf(rut, d) : portalError('El documento solicitado no existe.');
    }
    default:
      return portalError('La solicitud no es valida.');
  }
}

/** `POST /sim/notificaciones {rut, asunto, cuerpo?, remitente?}`: an unread notification arrives now. 200 `{id}`, or 400. */
export function simNotificacion(state: SiiFakeState, body: unknown): FakeResponse {
  const b = (body ?? {}) as Record<string, unknown>;
  const rut = normalizeRut(String(b['rut'] ?? ''));
  const asunto = typeof b['asunto'] === 'string' ? b['asunto'].trim() : '';
  if (!rut || !asunto) return jsonResponse(400, { error: 'invalid_request', detail: 'rut (a valid RUT) and asunto are required' });
  const buzon = buzonDe(state, rut);
  const texto = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const n: BuzonNotificacion = {
    id: notificacionId(rut, buzon.siguiente++),
    fecha: state.now(),
    asunto,
    remitente: texto(b['remitente']) ?? SII,
    cuerpo: texto(b['cuerpo']) ?? asunto,
    leida: false,
  };
  buzon.notificaciones.unshift(n);
  buzon.notificaciones.sort((x, y) => y.fecha.getTime() - x.fecha.getTime());
  return jsonResponse(200, { id: n.id });
}

/** Seeded on first use, deterministic per RUT and clock: two notifications and two documents. */
export function buzonDe(state: SiiFakeState, rut: string): BuzonRut {
  let buzon = state.buzones.get(rut);
  if (!buzon) {
    buzon = sembrar(rut, state.now());
    state.buzones.set(rut, buzon);
  }
  return buzon;
}

function sembrar(rut: string, now: Date): BuzonRut {
  const c = contribuyenteFor(rut);
  const cuerpoRut = String(splitRut(rut).body);
  const numero = String(1000 + (Number(cuerpoRut) % 9000));
  const resuelta = new Date(now.getTime() - 30 * DIA_MS);
  const aviso = new Date(now.getTime() - 2 * DIA_MS);
  const [anio, mes] = santiagoDate(aviso).split('-').map(Number);
  const periodo = mes === 1 ? `DICIEMBRE ${anio - 1}` : `${MESES[mes - 2]} ${anio}`;
  const saludo = `Señor(a) contribuyente ${c.razon_social}:`;
  const despedida = `Atentamente,\n${SII}`;
  return {
    notificaciones: [
      {
        id: notificacionId(rut, 2),
        fecha: aviso,
        asunto: 'Aviso de declaración F29 pendiente',
        remitente: SII,
        cuerpo: [
          saludo,
          `Según nuestros registros, no se ha presentado el Formulario 29 del período ${periodo}.`,
          'Si ya lo presentó, omita este aviso.',
          despedida,
        ].join('\n\n'),
        leida: false,
      },
      {
        id: notificacionId(rut, 1),
        fecha: resuelta,
        asunto: 'Notificación de resolución de autorización DTE',
        remitente: SII,
        cuerpo: [
          saludo,
          `Se notifica que mediante Resolución Exenta N° ${numero} de fecha ${ddmmaaaa(santiagoDate(resuelta))} se autoriza al contribuyente RUT ${rut} a emitir documentos tributarios electrónicos.`,
          'La resolución está disponible en Mi SII, en la sección Documentos.',
          despedida,
        ].join('\n\n'),
        leida: true,
      },
    ],
    documentos: [
      {
        id: `${cuerpoRut}-D0002`,
        fecha: santiagoDate(resuelta),
        tipo: 'Resolución',
        titulo: 'Resolución Exenta que autoriza a emitir documentos tributarios electrónicos',
        numero,
      },
      {
        id: `${cuerpoRut}-D0001`,
        fecha: c.inicio_actividades,
        tipo: 'Certificado',
        titulo: 'Certificado de Inicio de Actividades',
        numero: null,
      },
    ],
    siguiente: 3,
  };
}

function notificacionId(rut: string, n: number): string {
  return `${splitRut(rut).body}-N${String(n).padStart(4, '0')}`;
}

function contar(state: SiiFakeState, rut: string): void {
  state.buzonVisitas.set(rut, (state.buzonVisitas.get(rut) ?? 0) + 1);
}

function ddmmaaaa(iso: string): string {
  return iso.split('-').reverse().join('-');
}

/** `dd-mm-aaaa hh:mm` in America/Santiago. */
function fechaHora(d: Date): string {
  const [dia, hora] = santiagoTimestamp(d).split('T');
  return `${ddmmaaaa(dia)} ${hora.slice(0, 5)}`;
}

const HEAD = '<html><head><meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1"><title>Mi SII</title></head><body>';
const td = (text: string, attrs = '') => `<td${attrs}><span class="textof">${escapeXml(text)}</span></td>`;
const titulo = (text: string) =>
  `<table width="630"><tbody><tr><td class="centeralign"><span class="textof"><b>${escapeXml(text)}</b></span></td></tr></tbody></table>`;
const encabezado = (labels: string[]) =>
  `<tr>${labels.map((l) => `<td><span class="textof"><b>${escapeXml(l)}</b></span></td>`).join('')}</tr>`;
const vacio = (colspan: number, text: string) =>
  `<tr><td colspan="${colspan}"><span class="textof">- ${escapeXml(text)} -</span></td></tr>`;

function listaNotificaciones(rut: string, notificaciones: BuzonNotificacion[]): string {
  const filas = notificaciones.map((n) => {
    const href = `notificacion.cgi?rut=${rut}&amp;id=${encodeURIComponent(n.id)}`;
    const asunto = `<td><span class="textof"><a href="${href}">${n.leida ? '' : '<b>'}${escapeXml(n.asunto)}${n.leida ? '' : '</b>'}</a></span></td>`;
    return (
      `<tr data-id="${escapeXml(n.id)}" class="${n.leida ? 'leida' : 'no_leida'}">` +
      `${td(fechaHora(n.fecha), ' class="centeralign"')}${asunto}${td(n.remitente)}${td(n.leida ? 'Leída' : 'No leída')}</tr>`
    );
  });
  return (
    HEAD +
    titulo('BUZÓN DE NOTIFICACIONES') +
    '<table id="tbl_notificaciones" width="630"><tbody>' +
    encabezado(['Fecha', 'Asunto', 'Remitente', 'Estado']) +
    (filas.length > 0 ? filas.join('') : vacio(4, 'No tiene notificaciones')) +
    '</tbody></table></body></html>'
  );
}

function notificacion(rut: string, n: BuzonNotificacion): string {
  const parrafos = n.cuerpo
    .split(/\n\s*\n/)
    .map((p) => `<p><span class="textof">${p.split('\n').map(escapeXml).join('<br>')}</span></p>`)
    .join('');
  const fila = (label: string, id: string, value: string) => `<tr>${td(label)}${td(value, ` id="${id}"`)}</tr>`;
  return (
    HEAD +
    titulo('NOTIFICACIÓN') +
    `<input type="hidden" id="hd_id_notificacion" value="${escapeXml(n.id)}">` +
    '<table id="tbl_notificacion" width="630"><tbody>' +
    fila('Fecha:', 'td_fecha', fechaHora(n.fecha)) +
    fila('Remitente:', 'td_remitente', n.remitente) +
    fila('Asunto:', 'td_asunto', n.asunto) +
    fila('Estado:', 'td_estado', n.leida ? 'Leída' : 'No leída') +
    '</tbody></table>' +
    `<div id="div_cuerpo">${parrafos}</div>` +
    `<p><a id="lnk_volver" href="notificaciones.cgi?rut=${rut}">Volver</a></p></body></html>`
  );
}

function listaDocumentos(rut: string, documentos: BuzonDocumento[]): string {
  const filas = documentos.map(
    (d) =>
      `<tr data-id="${escapeXml(d.id)}">${td(ddmmaaaa(d.fecha), ' class="centeralign"')}${td(d.tipo)}${td(d.numero ?? '-', ' class="centeralign"')}${td(d.titulo)}` +
      `<td><span class="textof"><a class="lnk_pdf" href="documento_pdf.cgi?rut=${rut}&amp;id=${encodeURIComponent(d.id)}">Ver PDF</a></span></td></tr>`,
  );
  return (
    HEAD +
    titulo('DOCUMENTOS EMITIDOS POR EL SII') +
    '<table id="tbl_documentos" width="630"><tbody>' +
    encabezado(['Fecha', 'Tipo', 'N°', 'Título', 'Documento']) +
    (filas.length > 0 ? filas.join('') : vacio(5, 'No existen documentos')) +
    '</tbody></table></body></html>'
  );
}

async function pdf(rut: string, d: BuzonDocumento): Promise<FakeResponse> {
  const c = contribuyenteFor(rut);
  const doc = new PDFDocument({ size: 'LETTER', margin: 36, info: { Title: `${d.titulo} ${rut}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc
    .fontSize(14)
    .text(SII.toUpperCase())
    .fontSize(12)
    .text(d.numero ? `${d.titulo} N° ${d.numero}` : d.titulo)
    .fontSize(10)
    .text(`Fecha: ${ddmmaaaa(d.fecha)}`)
    .text(`Contribuyente: ${c.razon_social} - RUT ${rut}`);
  doc.end();
  await done;
  return { status: 200, headers: { 'content-type': 'application/pdf' }, body: Buffer.concat(chunks) };
}
