import { escapeXml } from '@lib/dte';
import PDFDocument from 'pdfkit';
import type { SiiFakeState } from './state';
import { noAutenticado, portalError, portalHtml, portalSession } from './portal-html';
import { normalizeRut } from './internal/rut';
import { contribuyenteFor } from './taxpayers';
import type { FakeRequest, FakeResponse } from './types';
import { NO_AUTORIZADO } from './portal-login';
import { F29_PAGE, boletasHtml, f29Html, ivaHtml, propiedadesHtml, rentaHtml } from './portal-carpeta-secciones';

/** zeus.sii.cl (docs/research/sii-protocol.md §7). */
export const CARPETA_BASE = '/dii_cgi/carpeta_tributaria';
const PROPOSITOS: Record<string, string> = {
  cte_para_creditos: 'PARA SOLICITAR CRÉDITOS',
  cte_acreditar_renta: 'PARA ACREDITAR RENTA',
  cte_carpeta_avanzada: 'PERSONALIZADA',
};

/** Start page, frameset, the carpeta (docs/research/sii-protocol.md §7, deterministic per RUT), its PDF; carpetas count in `portalVisitas`. */
export async function handleCarpeta(state: SiiFakeState, req: FakeRequest, page: string): Promise<FakeResponse> {
  const url = new URL(req.url, 'http://sii-fake.invalid');
  const session = portalSession(state, req);
  if (!session) return noAutenticado();
  const rut = normalizeRut(url.searchParams.get('rut') ?? '') ?? '';
  const m = /^(cte_[a-z_]+?)_(0[012])\.cgi$/.exec(page);
  if (page === 'cte_pdf.cgi' && rut) return pdf(rut);
  if (page === F29_PAGE) return f29(url);
  if (!m || !PROPOSITOS[m[1]] || !rut) return portalError('La solicitud no es valida.');
  if (state.options.unknownRuts.includes(rut)) return portalError('El RUT consultado no registra información tributaria.');
  if (session.rut && session.rut !== rut) return portalError(NO_AUTORIZADO);
  if (m[2] === '00') return portalHtml(inicio(m[1], rut));
  if (m[2] === '01') return portalHtml(`<html><frameset rows="100%"><frame name="cte" src="${m[1]}_02.cgi?rut=${rut}"></frameset></html>`);
  state.portalVisitas.set(rut, (state.portalVisitas.get(rut) ?? 0) + 1);
  return portalHtml(carpeta(rut, PROPOSITOS[m[1]], state.now()));
}

function inicio(proposito: string, rut: string): string {
  return (
    '<html><head><meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1"></head><body>' +
    `<form name="frm" method="get" action="${proposito}_01.cgi"><input type="hidden" name="rut" value="${rut}">` +
    '<p class="textofp">Revise los datos contenidos en esta Carpeta Tributaria Electrónica.</p>' +
    '<input type="submit" id="btn_continuar" value="Continuar"></form></body></html>'
  );
}

const td = (text: string, attrs = '') => `<td${attrs}><span class="textof">${escapeXml(text)}</span></td>`;

function carpeta(rut: string, proposito: string, now: Date): string {
  const c = contribuyenteFor(rut);
  const [dd, mm, yyyy] = [now.getUTCDate(), now.getUTCMonth() + 1, now.getUTCFullYear()].map((n) => String(n).padStart(2, '0'));
  const inicioAct = c.inicio_actividades.split('-').reverse().join('-');
  const representantes = c.representantes
    .map((r) => `<tr>${td(' ')}${td(r.nombre)}${td(r.rut, ' class="centeralign"')}${td(inicioAct, ' class="centeralign"')}</tr>`)
    .join('');
  return (
    '<html><head><meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1"></head><body><table><tbody><tr><td>' +
    `<table width="630"><tbody><tr><td class="centeralign"><span class="textof"><b>CARPETA TRIBUTARIA ELECTRÓNICA<br>${proposito}</b></span></td></tr></tbody></table>` +
    '<table id="tbl_encabezado"><tbody>' +
    `<tr>${td('Nombre del emisor:')}<td id="td_nombre"><span class="textof"> ${escapeXml(c.razon_social.toUpperCase())} </span></td></tr>` +
    `<tr>${td('RUT del emisor:')}<td id="td_rut"><span class="textof">${rut.replace('-', ' - ')}</span></td></tr>` +
    `<tr>${td('Fecha de generación de la carpeta:')}${td(`${dd}/${mm}/${yyyy} 10:00`)}</tr>` +
    '</tbody></table>' +
    '<table id="tbl_dbcontribuyente"><tbody>' +
    `<tr>${td('Fecha de Inicio de Actividades:')}<td colspan="2" id="td_fecha_inicio"><span class="textof">${inicioAct}</span></td></tr>` +
    `<tr>${td('Actividades Económicas:')}<td colspan="2" id="td_actividades"><span class="textof">${c.giros
      .map((g) => `${g.codigo} ${escapeXml(g.descripcion)}<br>`)
      .join('')}</span></td></tr>` +
    `<tr>${td('Categoría tributaria:')}<td colspan="2" id="td_categoria"><span class="textof">Primera categoría</span></td></tr>` +
    `<tr>${td('Domicilio:')}<td colspan="2" id="td_domicilio"><span class="textof">${escapeXml(`${c.direccion}, ${c.comuna}`.toUpperCase())}</span></td></tr>` +
    `<tr>${td('Sucursales:')}<td colspan="2"><span class="textof"></span></td></tr>` +
    `<tr>${td('Últimos documentos timbrados:')}<td id="td_tim_nombre"><span class="textof">FACTURA ELECTRONICA<br></span></td><td id="td_tim_fecha"><span class="textof">${inicioAct}<br></span></td></tr>` +
    `<tr>${td('Observaciones tributarias:')}<td colspan="2" id="td_observaciones"><p><span class="textof">No tiene observaciones.</span></p></td></tr>` +
    '</tbody></table>' +
    '<table id="tbl_sociedades"><tbody>' +
    `<tr>${td('Representante(s) Legal(es)')}${td(' ')}${td(' ')}${td(' ')}</tr>${representantes}` +
    `<tr>${td('Participación en sociedades vigentes(2)')}${td(' ')}${td(' ')}${td(' ')}</tr>` +
    `<tr>${td(' ')}<td colspan="3"><span class="textof">- No existen sociedades para el RUT -</span></td></tr>` +
    '</tbody></table>' +
    propiedadesHtml(c) +
    boletasHtml(c, now) +
    ivaHtml(rut, now) +
    rentaHtml(rut, now) +
    `<p><a id="lnk_pdf" href="cte_pdf.cgi?rut=${rut}">Descargar PDF</a></p>` +
    '</td></tr></tbody></table></body></html>'
  );
}

async function pdf(rut: string): Promise<FakeResponse> {
  const c = contribuyenteFor(rut);
  const doc = new PDFDocument({ size: 'LETTER', margin: 36, info: { Title: `Carpeta Tributaria ${rut}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.fontSize(14).text('CARPETA TRIBUTARIA ELECTRÓNICA').fontSize(10).text(`${c.razon_social} - RUT ${rut}`);
  doc.end();
  await done;
  return { status: 200, headers: { 'content-type': 'application/pdf' }, body: Buffer.concat(chunks) };
}

function f29(url: URL): FakeResponse {
  const rut = normalizeRut(`${url.searchParams.get('RUT_ORIGEN') ?? ''}-${url.searchParams.get('DV_ORIGEN') ?? ''}`);
  const periodo = url.searchParams.get('PERIODO') ?? '';
  if (!rut || !/^\d{6}$/.test(periodo) || url.searchParams.get('COD_FORM') !== 'F29') return portalError('La solicitud no es valida.');
  return portalHtml(f29Html(rut, periodo, contribuyenteFor(rut).razon_social));
}
