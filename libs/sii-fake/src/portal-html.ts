import { escapeXml } from '@lib/dte';
import type { SiiFakeState } from './state';
import { tokenFromCookie } from './auth';
import type { FakeRequest, FakeResponse } from './types';

/** Who a portal page is served to: a live SII token (the certificate holder) or an imported login session. */
export interface PortalSession {
  token: string;
  /** The RUT a login session acts for (an imported session's representado); absent for the certificate holder. */
  rut?: string;
}

/**
 * The portal session of a request (Cookie `TOKEN`): a live token from GetTokenFromSeed, or a live login
 * session of `POST /sim/portal/login`. Undefined when neither: the page is then {@link noAutenticado}.
 */
export function portalSession(state: SiiFakeState, req: FakeRequest): PortalSession | undefined {
  const token = tokenFromCookie(req.headers['cookie']);
  if (!token) return undefined;
  const login = state.portalLogins.get(token);
  if (login) return login.activo ? { token, rut: login.rut } : undefined;
  return state.activeToken(token) ? { token } : undefined;
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
