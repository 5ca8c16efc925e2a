import { escapeXml } from '@lib/dte';
import type { SiiFakeState } from './state';
import { tokenFromCookie } from './auth';
import { normalizeRut } from './internal/rut';
import type { FakeRequest, FakeResponse } from './types';

/** A live portal session, never a web-service token (portal pages refuse it: docs/research/sources/README.md §1.2). */
export interface PortalSession {
  token: string;
  /** The one RUT the session may see when the page must check it; absent when it may see the requested RUT. */
  rut?: string;
}

/** A GetTokenFromSeed token is {@link noAutenticado}, as on the real portal. A certificate session acts for the companies
 * `puedeEnviar` allows: the SII's representatives rule is not modelled further. `pedido`: the RUT a page names in other
 * parameters than the URL's `rut`, `RUT_EMP`, `RUT_ORIGEN` (the BHE report's `rut_arrastre`, also in a POST body). */
export function portalSession(state: SiiFakeState, req: FakeRequest, pedido = rutPedido(req)): PortalSession | undefined {
  const token = tokenFromCookie(req.headers['cookie']) ?? cookieValue(req.headers['cookie'], 'CSESSIONID');
  const login = token ? state.portalLogins.get(token) : undefined;
  if (!token || !login?.activo) return undefined;
  if (login.via === 'navegador') return { token, rut: login.rut };
  return !pedido || pedido === login.rut || state.puedeEnviar(login.rut, pedido) ? { token } : { token, rut: login.rut };
}

/** `rut`, `RUT_EMP`+`DV_EMP` (cvc_cgi pages) or `RUT_ORIGEN`+`DV_ORIGEN` (F29 frames). */
function rutPedido(req: FakeRequest): string | undefined {
  const q = new URL(req.url, 'http://sii-fake.invalid').searchParams;
  const partes = (rut: string, dv: string) => (q.get(rut) !== null ? `${q.get(rut)}-${q.get(dv) ?? ''}` : undefined);
  const texto = q.get('rut') ?? partes('RUT_EMP', 'DV_EMP') ?? partes('RUT_ORIGEN', 'DV_ORIGEN');
  return texto === undefined ? undefined : (normalizeRut(texto) ?? texto);
}

function cookieValue(cookie: string | string[] | undefined, name: string): string | undefined {
  const all = Array.isArray(cookie) ? cookie.join('; ') : (cookie ?? '');
  return all
    .split(/;\s*/)
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1)
    .trim();
}

/** ISO-8859-1, as zeus.sii.cl serves it. */
export function portalHtml(body: string): FakeResponse {
  return { status: 200, headers: { 'content-type': 'text/html; charset=ISO-8859-1' }, body: Buffer.from(body, 'latin1') };
}

/** docs/research/sii-protocol.md §8. */
export function noAutenticado(): FakeResponse {
  return portalHtml('<html><head><title>SII</title></head><body><p class="textof">NO ESTA AUTENTICADO</p></body></html>');
}

/** HTTP 200, as the SII answers it. */
export function portalError(texto: string): FakeResponse {
  return portalHtml(`<html><body><div id="error"><p class="textof">${escapeXml(texto)}</p></div></body></html>`);
}
