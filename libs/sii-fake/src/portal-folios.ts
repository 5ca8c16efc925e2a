import { escapeXml } from '@lib/dte';
import type { SiiFakeState } from './state';
import { normalizeRut } from './internal/rut';
import { noAutenticado, portalError, portalHtml, portalSession } from './portal-html';
import { NO_AUTORIZADO } from './portal-login';
import { jsonResponse, type FakeRequest, type FakeResponse } from './types';

export const FOLIOS_PATH = '/cvc_cgi/dte/of_consulta_folios.cgi';
const MAX_FOLIOS = 1000;

/** In what parse-folios.ts reads (the project's own reading): ANULADO, RECIBIDO (uploaded, not rejected), else DISPONIBLE. */
export function handleFolios(state: SiiFakeState, req: FakeRequest): FakeResponse {
  const session = portalSession(state, req);
  if (!session) return noAutenticado();
  const q = new URL(req.url, 'http://sii-fake.invalid').searchParams;
  const rut = normalizeRut(`${q.get('RUT_EMP') ?? ''}-${q.get('DV_EMP') ?? ''}`);
  const tipo = Number(q.get('COD_DOCTO'));
  const [desde, hasta] = [Number(q.get('FOLIO_INI')), Number(q.get('FOLIO_FIN'))];
  if (!rut || !Number.isInteger(tipo) || !Number.isInteger(desde) || !Number.isInteger(hasta) || desde < 1 || hasta < desde) {
    return portalError('La solicitud no es valida.');
  }
  if (hasta - desde >= MAX_FOLIOS) return portalError(`El rango consultado no puede superar ${MAX_FOLIOS} folios.`);
  if (session.rut && session.rut !== rut) return portalError(NO_AUTORIZADO);
  const recibidos = new Set<number>();
  for (const upload of state.uploads.values()) {
    for (const d of upload.documents) if (d.emisor === rut && d.tipo === tipo && d.result !== 'RCH') recibidos.add(d.folio);
  }
  const td = (t: string | number) => `<td><span class="textof">${escapeXml(String(t))}</span></td>`;
  const filas: string[] = [];
  for (let folio = desde; folio <= hasta; folio++) {
    const estado = state.foliosAnulados.has(`${rut}|${tipo}|${folio}`) ? 'ANULADO' : recibidos.has(folio) ? 'RECIBIDO' : 'DISPONIBLE';
    filas.push(`<tr>${td(folio)}${td(estado)}</tr>`);
  }
  return portalHtml(
    '<html><head><meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1"></head><body>' +
      `<p class="textof">Estado de folios del documento ${tipo} para el RUT ${rut}</p>` +
      `<table id="tbl_folios"><tbody><tr>${td('Folio')}${td('Estado')}</tr>${filas.join('')}</tbody></table></body></html>`,
  );
}

export function simAnularFolio(state: SiiFakeState, body: unknown): FakeResponse {
  const b = (body ?? {}) as { rut?: unknown; tipo_dte?: unknown; folio?: unknown };
  const rut = normalizeRut(String(b.rut ?? ''));
  if (!rut || !Number.isInteger(b.tipo_dte) || !Number.isInteger(b.folio)) {
    return jsonResponse(400, { error: 'rut, tipo_dte and folio required' });
  }
  state.foliosAnulados.add(`${rut}|${b.tipo_dte}|${b.folio}`);
  return jsonResponse(200, { anulado: true });
}
