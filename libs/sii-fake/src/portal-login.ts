import { randomBytes } from 'node:crypto';
import type { SiiFakeState } from './state';
import { normalizeRut } from './internal/rut';
import { jsonResponse, type FakeRequest, type FakeResponse } from './types';

/** The portal's answer when a session asks for another taxpayer's page than the one it acts for. */
export const NO_AUTORIZADO = 'Usted no se encuentra autorizado para consultar la información de este contribuyente.';

/**
 * `POST /sim/portal/login {rut}`: what a person does in a browser on the real portal (log in, choose the
 * represented taxpayer) and then exports as cookies; the answer is those cookies (`TOKEN` is the session,
 * `CSESSIONID` and `NETSCAPE_LIVEWIRE.rut` as the portal sets them, docs/research/sii-protocol.md §8), for the request's host.
 * The session only sees pages of `rut`.
 */
export function portalLogin(state: SiiFakeState, req: FakeRequest, body: unknown): FakeResponse {
  const rut = normalizeRut(String((body as { rut?: unknown } | null)?.rut ?? ''));
  if (!rut) return jsonResponse(400, { error: 'rut required' });
  const token = randomBytes(12).toString('hex').toUpperCase();
  state.portalLogins.set(token, { rut, activo: true });
  const host = String(req.headers['host'] ?? 'zeus.sii.cl').replace(/:\d+$/, '');
  const [cuerpo, dv] = rut.split('-');
  const cookie = (name: string, value: string) => ({ name, value, domain: host, path: '/' });
  return jsonResponse(200, {
    cookies: [
      cookie('TOKEN', token),
      cookie('CSESSIONID', randomBytes(8).toString('hex')),
      cookie('NETSCAPE_LIVEWIRE.rut', cuerpo),
      cookie('NETSCAPE_LIVEWIRE.dv', dv),
    ],
  });
}

/** `POST /sim/portal/logout {rut}`: ends every login session of `rut` (the portal's session time ran out). */
export function portalLogout(state: SiiFakeState, body: unknown): FakeResponse {
  const rut = normalizeRut(String((body as { rut?: unknown } | null)?.rut ?? ''));
  let cerradas = 0;
  for (const login of state.portalLogins.values()) {
    if (login.rut === rut && login.activo) {
      login.activo = false;
      cerradas++;
    }
  }
  return jsonResponse(200, { cerradas });
}
