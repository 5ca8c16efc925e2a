import type { SiiFakeState } from './state';
import { normalizeRut } from './internal/rut';
import { jsonResponse, type FakeResponse } from './types';

/** `POST /sim/usuarios-autorizados {rut, usuarios}`: from then on anyone else answers STATUS 1 ({@link SiiFakeState.puedeEnviar}). */
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
