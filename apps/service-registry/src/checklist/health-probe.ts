import { Injectable } from '@nestjs/common';
import { OutboundHttp, OutboundTransportError } from '@lib/platform';
import { ServiceRegistryConfig } from '../config';

export interface ProbeOutcome {
  ok: boolean;
  detail: string;
}

/** `health_url` itself when it ends in /healthz, else `<health_url>/healthz` (item `healthz_ok`, libs/schemas/src/marketplace/checklists.ts). */
export function healthzUrl(healthUrl: string): string {
  const url = new URL(healthUrl);
  if (!/\/healthz\/?$/.test(url.pathname)) url.pathname = `${url.pathname.replace(/\/+$/, '')}/healthz`;
  return url.toString();
}

/** Passes on HTTP 200 with a JSON `status` of `ok`; no redirects followed, never throws. */
@Injectable()
export class HealthProbe {
  private readonly http: OutboundHttp;

  constructor(private readonly settings: ServiceRegistryConfig) {
    this.http = new OutboundHttp({
      service: 'health',
      label: 'The service',
      baseURL: '',
      timeoutMs: settings.HEALTH_PROBE_TIMEOUT_MS,
      responseType: 'text',
      headers: { accept: 'application/json' },
    });
  }

  async check(healthUrl: string | null): Promise<ProbeOutcome> {
    if (!healthUrl) return { ok: false, detail: 'health_url is not set on the service record' };
    let url: string;
    try {
      url = healthzUrl(healthUrl);
    } catch {
      return { ok: false, detail: `health_url ${healthUrl} is not a valid URL` };
    }
    try {
      const res = await this.http.request<string>('healthz', { method: 'GET', url, transformResponse: (body: unknown) => body });
      if (res.status !== 200) return { ok: false, detail: `GET ${url} answered HTTP ${res.status}, expected 200` };
      const status = jsonStatus(res.data);
      if (status !== 'ok') {
        return {
          ok: false,
          detail: `GET ${url} answered 200 but ${status === undefined ? 'not a JSON object with a status field' : `status "${status}"`}, expected status "ok"`,
        };
      }
      return { ok: true, detail: `GET ${url} answered 200 with status ok` };
    } catch (err) {
      if (!(err instanceof OutboundTransportError)) throw err;
      const why = err.failure === 'timeout' ? `timed out after ${this.settings.HEALTH_PROBE_TIMEOUT_MS} ms` : `failed (${err.code})`;
      return { ok: false, detail: `GET ${url} ${why}` };
    }
  }
}

function jsonStatus(body: unknown): string | undefined {
  try {
    const parsed: unknown = typeof body === 'string' ? JSON.parse(body) : body;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const status = (parsed as Record<string, unknown>).status;
      return typeof status === 'string' ? status : status === undefined ? undefined : JSON.stringify(status);
    }
  } catch {
    return undefined;
  }
  return undefined;
}
