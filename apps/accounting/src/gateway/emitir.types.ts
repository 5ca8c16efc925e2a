import { isUUID } from 'class-validator';
import type { EmitirDto, EmitirView } from '@lib/contracts';
import { ProblemException } from '@lib/schemas';

export type EmitirRequest = EmitirDto;

/** `estado` and `trackid` are not booked, so a failed upload may lack them. */
export type EmisionGateway = EmitirView;

/**
 * `mayHaveEmitted`: the gateway's answer names an `emision_id` (the folio was consumed), or no answer came
 * back. Only when it is false may the request be sent again without risking a second DTE.
 */
export type EmitirResult = { ok: true; emision: EmisionGateway } | { ok: false; problem: ProblemException; mayHaveEmitted: boolean };

const wholePesos = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

export function isEmisionGateway(b: unknown): b is EmisionGateway {
  const e = b as Partial<EmisionGateway> | null;
  const m = e?.montos;
  return (
    !!e &&
    typeof e.emision_id === 'string' &&
    isUUID(e.emision_id) &&
    Number.isSafeInteger(e.folio) &&
    (e.folio as number) > 0 &&
    typeof e.tipo_dte === 'number' &&
    !!m &&
    wholePesos(m.neto) &&
    wholePesos(m.exento) &&
    wholePesos(m.iva) &&
    wholePesos(m.total)
  );
}

/** Never type/title/instance. */
const PASSED_MEMBERS = ['emision_id', 'folio', 'tipo_dte', 'sii_status', 'sii_details', 'xsd_errors'];

/**
 * A gateway 4xx passes as is (429 keeps Retry-After), except 401/403: OUR key is wrong (502
 * `gateway_auth_failed`); 502/503/504 as is, another 5xx becomes 502. The gateway's `error` value is kept.
 */
export function problemFromGateway(status: number, body: unknown, retryAfter: string | null): ProblemException {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const error = typeof b.error === 'string' && /^[a-z0-9_]{1,64}$/.test(b.error) ? b.error : 'gateway_error';
  const detail = `Tax gateway: ${typeof b.detail === 'string' ? b.detail : `HTTP ${status}`}`.slice(0, 500);
  const members = Object.fromEntries(PASSED_MEMBERS.filter((k) => b[k] !== undefined).map((k) => [k, b[k]]));
  const headers: Record<string, string> = retryAfter && /^\d{1,6}$/.test(retryAfter) ? { 'Retry-After': retryAfter } : {};
  if (status === 401 || status === 403) {
    return new ProblemException(
      502,
      'gateway_auth_failed',
      `The tax gateway refused our caller key (HTTP ${status}); check TAX_GATEWAY_KEY`,
    );
  }
  if (status >= 400 && status < 500) {
    const errors = Array.isArray(b.errors) ? b.errors : undefined;
    return new ProblemException(status, error, detail, { ...members, ...(errors ? { errors } : {}), headers });
  }
  const mapped = status === 503 || status === 504 ? status : 502;
  return new ProblemException(mapped, error, detail, { ...members, headers: mapped === 503 ? headers : {} });
}
