import type { SiiFakeState } from './state';
import { normalizeRut } from './internal/rut';
import { jsonResponse, type FakeResponse } from './types';

/**
 * `POST /sim/usuarios-autorizados {rut, usuarios: [rut, ...]}`: the company registers the users (certificate holders)
 * who may send its DTEs, as a company does on sii.cl; from then on an upload signed or sent by anyone else answers
 * STATUS 1 (see {@link SiiFakeState.puedeEnviar}). 400 for a bad RUT or an empty list.
 */
export function simUsuariosAutorizados(authority: SiiFakeState, body: unknown): FakeResponse {
  const b = (body ?? {}) as Record<string, unknown>;
  const rut = normalizeRut(String(b['rut'] ?? ''));
  const usuarios = Array.isArray(b['usuarios']) ? b['usuarios'].map((u) => normalizeRut(String(u))) : [];
  if (!rut || usuarios.length === 0 || usuarios.some((u) => !u)) {
    return jsonResponse(400, { error: 'invalid_request', detail: 'rut and usuarios (a non-empty list of valid RUTs) are required' });
  }
  authority.autorizarUsuarios(rut, usuarios as string[]);
  return jsonResponse(200, { rut, usuarios });
}
