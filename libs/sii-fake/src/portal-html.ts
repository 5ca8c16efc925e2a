import { escapeXml } from '@lib/dte';
import type { SiiFakeState } from './state';
import { tokenFromCookie } from './auth';
import { normalizeRut } from './internal/rut';
import type { FakeRequest, FakeResponse } from './types';

/**
 * Who a portal page is served to: a live portal session, never a web-service token (the SII's portal pages refuse
 * the GetTokenFromSeed TOKEN: docs/research/sources/README.md §1.2).
 */
export interface PortalSession {
  token: string;
  /**
   * The one RUT whose pages the session may see, when the page must check it: an imported browser session's
   * representado, or the holder of a certificate session asking for a company it may not act for. Absent when the
   * session may see the requested RUT's pages.
   */
  rut?: string;
}

/**
 * The portal session of a request (Cookie `TOKEN`, else `CSESSIONID`, which the portal sets equal): a live session
 * of the certificate login (`CAutInicio.cgi`, portal-auth.ts) or of a person's browser login (`POST
 * /sim/portal/login`). Undefined otherwise, a GetTokenFromSeed token included: the page is then
 * {@link noAutenticado}, as the real portal answers.
 *
 * A browser session acts for the representado chosen at login. A certificate session acts for its holder and for
 * the companies the stand-in lets the holder act for: those whose authorized users include it, or that registered
 * none (`SiiFakeState.puedeEnviar`; the SII's real rule, representatives and users the company enabled, is not
 * modelled further). For another company the session carries the holder's RUT, so the page answers its
 * "not authorized" error (the pages compare `rut` with the RUT they were asked for).
 */
export function portalSession(state: SiiFakeState, req: FakeRequest): PortalSession | undefined {
  const token = tokenFromCookie(req.headers['cookie']) ?? cookieValue(req.headers['cookie'], 'CSESSIONID');
  const login = token ? state.portalLogins.get(token) : undefined;
  if (!token || !login?.activo) return undefined;
  if (login.via === 'navegador') return { token, rut: login.rut };
  const pedido = rutPedido(req);
  return !pedido || pedido === login.rut || state.puedeEnviar(login.rut, pedido) ? { token } : { token, rut: login.rut };
}

/** The taxpayer a portal page is asked for: `rut`, `RUT_EMP`+`DV_EMP` (cvc_cgi pages) or `RUT_ORIGEN`+`DV_ORIGEN` (F29 frames). */
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

/** A portal page: HTML in ISO-8859-1, as zeus.sii.cl serves it. */
export function portalHtml(body: string): FakeResponse {
  return { status: 200, headers: { 'content-type': 'text/html; charset=ISO-8859-1' }, body: Buffer.from(body, 'latin1') };
}

/** The portal's page for a dead or absent session (docs/research/sii-protocol.md §8). */
export function noAutenticado(): FakeResponse {
  return portalHtml('<html><head><title>SII</title></head><body><p class="textof">NO ESTA AUTENTICADO</p></body></html>');
}

/** The portal's error page (HTTP 200, as the SII answers it) with its message. */
export function portalError(texto: string): FakeResponse {
  return portalHtml(`<html><body><div id="error"><p class="textof">${escapeXml(texto)}</p></div></body></html>`);
}
