import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EmisionDetailDto, RecepcionEnvioDto } from '@lib/contracts';
import { isValidRut, normalizeRut } from '@lib/rut';
import { ProblemException } from '@lib/schemas';
import { EmitirRequest, EmitirResult, isEmisionGateway, problemFromGateway } from './emitir.types';
import { GATEWAY_SETTINGS, GatewaySettings } from './gateway.settings';

/** The gateway's canonical taxpayer data (`GET /tax/contribuyente/datos-rut/{rut}`). */
export interface Contribuyente {
  rut: string;
  razon_social: string;
  [field: string]: unknown;
}

/** HTTP client of the tax gateway, the only source of canonical taxpayer data (docs/DESIGN.md §4.4 "contribuyente"). */
@Injectable()
export class GatewayClient {
  private readonly logger = new Logger(GatewayClient.name);

  constructor(@Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings) {}

  /** The gateway's 404 is 422 `taxpayer_unknown`; a 200 without a valid RUT and razon_social is 502. */
  async fetchDatosRut(rut: string): Promise<Contribuyente> {
    const url = `${this.settings.url}/tax/contribuyente/datos-rut/${encodeURIComponent(rut)}`;
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { 'x-internal-key': this.settings.key, accept: 'application/json' },
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (err) {
      throw this.unreachable(err);
    }
    if (res.status === 404) {
      throw new ProblemException(422, 'taxpayer_unknown', `The tax gateway does not know RUT ${rut}`, {
        errors: [{ field: 'rut', message: 'unknown taxpayer' }],
      });
    }
    if (res.status !== 200) throw this.upstreamFailure(res);
    const body = (await res.json().catch(() => null)) as Partial<Contribuyente> | null;
    if (!body || !isValidRut(body.rut) || typeof body.razon_social !== 'string' || body.razon_social.trim() === '') {
      throw new ProblemException(502, 'gateway_unavailable', 'The tax gateway answered without a valid RUT and razon_social');
    }
    return { ...body, rut: normalizeRut(body.rut), razon_social: body.razon_social.trim() } as Contribuyente;
  }

  /**
   * Never throws for a gateway or network failure: the result says whether a DTE may exist anyway
   * ({@link EmitirResult}); only a refused connection proves nothing was sent.
   */
  async emit(body: EmitirRequest): Promise<EmitirResult> {
    let res: Response;
    try {
      res = await fetch(`${this.settings.url}/tax/dte/emitir`, {
        method: 'POST',
        headers: { 'x-internal-key': this.settings.key, accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError';
      const code = ((err as { cause?: { code?: unknown } }).cause?.code ?? '') as string;
      const notSent = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'].includes(code);
      this.logger.warn(`tax gateway emitir ${timedOut ? 'timed out' : `failed (${code || (err as Error).message})`}`);
      const problem = timedOut
        ? new ProblemException(
            504,
            'gateway_unavailable',
            `The tax gateway did not answer within ${this.settings.timeoutMs} ms; the DTE may have been emitted`,
          )
        : new ProblemException(503, 'gateway_unavailable', 'The tax gateway cannot be reached', { headers: { 'Retry-After': '30' } });
      return { ok: false, problem, mayHaveEmitted: !notSent };
    }
    const answer: unknown = await res.json().catch(() => null);
    if (res.status === 200 || res.status === 201) {
      if (isEmisionGateway(answer)) return { ok: true, emision: answer };
      const problem = new ProblemException(
        502,
        'gateway_bad_response',
        'The tax gateway answered success without an emission (emision_id, folio, montos)',
      );
      return { ok: false, problem, mayHaveEmitted: true };
    }
    this.logger.warn(`tax gateway emitir answered ${res.status}`);
    const emisionId = (answer as { emision_id?: unknown } | null)?.emision_id;
    return {
      ok: false,
      problem: problemFromGateway(res.status, answer, res.headers.get('retry-after')),
      mayHaveEmitted: typeof emisionId === 'string',
    };
  }

  /** An emission as the gateway tracks it; undefined when the gateway does not know it. */
  async fetchEmision(emisionId: string): Promise<EmisionDetailDto | undefined> {
    let res: Response;
    try {
      res = await fetch(`${this.settings.url}/tax/dte/get/${encodeURIComponent(emisionId)}`, {
        headers: { 'x-internal-key': this.settings.key, accept: 'application/json' },
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch {
      throw new ProblemException(503, 'gateway_unavailable', 'The tax gateway cannot be reached');
    }
    if (res.status === 404) return undefined;
    if (res.status !== 200) throw this.upstreamFailure(res);
    return (await res.json()) as EmisionDetailDto;
  }

  /**
   * Hands a supplier's file, as received, to the gateway's reception, the only verifier of received DTEs
   * (docs/tax-gateway.md "Reception"); a file the gateway refuses itself (413, 422) is 422 `invalid_dte`.
   */
  async receiveDte(tenant: string, bytes: Buffer, nombreArchivo?: string): Promise<RecepcionEnvioDto> {
    let res: Response;
    try {
      res = await fetch(`${this.settings.url}/tax/recepcion/dte`, {
        method: 'POST',
        headers: { 'x-internal-key': this.settings.key, accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ tenant, xml_base64: bytes.toString('base64'), ...(nombreArchivo ? { nombre_archivo: nombreArchivo } : {}) }),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (err) {
      throw this.unreachable(err);
    }
    const answer: unknown = await res.json().catch(() => null);
    if (res.status === 413 || res.status === 422) {
      const detail = String((answer as { detail?: unknown } | null)?.detail ?? `HTTP ${res.status}`).slice(0, 500);
      throw new ProblemException(422, 'invalid_dte', `The tax gateway refused the file: ${detail}`, {
        gateway_error: (answer as { error?: unknown } | null)?.error ?? null,
      });
    }
    if (res.status !== 200 && res.status !== 201) throw this.upstreamFailure(res);
    if (!Array.isArray((answer as { documentos?: unknown } | null)?.documentos)) {
      throw new ProblemException(502, 'gateway_unavailable', 'The tax gateway answered a reception without documentos');
    }
    return answer as RecepcionEnvioDto;
  }

  private unreachable(err: unknown): ProblemException {
    const timedOut = (err as Error).name === 'TimeoutError';
    this.logger.warn(`tax gateway ${timedOut ? 'timed out' : 'unreachable'}: ${(err as Error).message}`);
    return timedOut
      ? new ProblemException(504, 'gateway_unavailable', `The tax gateway did not answer within ${this.settings.timeoutMs} ms`)
      : new ProblemException(503, 'gateway_unavailable', 'The tax gateway cannot be reached', { headers: { 'Retry-After': '30' } });
  }

  private upstreamFailure(res: Response): ProblemException {
    this.logger.warn(`tax gateway answered ${res.status}`);
    if (res.status === 503 || res.status === 429) {
      const retryAfter = res.headers.get('retry-after');
      return new ProblemException(503, 'gateway_unavailable', `The tax gateway is unavailable (HTTP ${res.status})`, {
        headers: retryAfter && /^\d+$/.test(retryAfter) ? { 'Retry-After': retryAfter } : {},
      });
    }
    if (res.status === 504) return new ProblemException(504, 'gateway_unavailable', 'The tax gateway timed out upstream');
    return new ProblemException(502, 'gateway_unavailable', `The tax gateway answered HTTP ${res.status}`);
  }
}
