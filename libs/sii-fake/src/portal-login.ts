import { randomBytes } from 'node:crypto';
import type { SiiFakeState } from './state';
import { normalizeRut } from './internal/rut';
import { jsonResponse, type FakeRequest, type FakeResponse } from './types';
import { splitRut } from '@lib/rut';

/** A session asking for another taxpayer's page than the one it acts for. */
export const NO_AUTORIZADO = 'Usted no se encuentra autorizado para consultar la información de este contribuyente.';

/** `POST /sim/portal/login {rut}`: a person's browser session exported as cookies (docs/research/sii-protocol.md §8), for tools and tests only. */
export function portalLogin(state: SiiFakeState, req: FakeRequest, body: unknown): FakeResponse {
  const rut = normalizeRut(String((body as { rut?: unknown } | null)?.rut ?? ''));
  if (!rut) return jsonResponse(400, { error: 'rut required' });
  const token = abrirSesionPortal(state, rut, 'navegador');
  const host = String(req.headers['host'] ?? 'zeus.sii.cl').replace(/:\d+$/, '');
  return jsonResponse(200, { cookies: cookiesDeSesion(token, rut).map((c) => ({ ...c, domain: host, path: '/' })) });
}

/** The value is both `TOKEN` and `CSESSIONID` (equal on the portal: DVL `SiiPortalAuth.js` line 874, docs/research/sources/README.md §1.2). */
export function abrirSesionPortal(state: SiiFakeState, rut: string, via: 'certificado' | 'navegador'): string {
  let token: string;
  do token = randomBytes(12).toString('hex').toUpperCase();
  while (state.portalLogins.has(token));
  state.portalLogins.set(token, { rut, activo: true, via });
  return token;
}

/** docs/research/sources/README.md §1.2 "Cookie names seen in portal sessions". */
export function cookiesDeSesion(token: string, rut: string): { name: string; value: string }[] {
  const parts = splitRut(rut);
  const [cuerpo, dv] = [String(parts.body), parts.dv];
  return [
    { name: 'TOKEN', value: token },
    { name: 'CSESSIONID', value: token },
    { name: 'NETSCAPE_LIVEWIRE.rut', value: cuerpo },
    { name: 'NETSCAPE_LIVEWIRE.dv', value: dv },
  ];
}

/** `POST /sim/portal/logout {rut}`: every session of `rut` ends (the portal's session time ran out). */
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
