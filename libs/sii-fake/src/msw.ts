import { http, HttpResponse, type HttpHandler } from 'msw';
import type { SiiFakeAuthority } from './authority';

/**
 * msw 2 handlers that route every request under `baseUrl` (default the certification host
 * https://maullin.sii.cl, the gateway's SII_DTE_BASE_URL default) to `authority.handle`, raw bytes
 * in and out. Use with `setupServer(...createSiiFakeHandlers(authority))`.
 */
export function createSiiFakeHandlers(authority: SiiFakeAuthority, baseUrl = 'https://maullin.sii.cl'): HttpHandler[] {
  const base = baseUrl.replace(/\/+$/, '');
  return [
    http.all(`${base}/*`, async ({ request }) => {
      const headers: Record<string, string> = {};
      request.headers.forEach((value, key) => (headers[key] = value));
      const body = Buffer.from(await request.arrayBuffer());
      const res = await authority.handle({ method: request.method, url: request.url, headers, body });
      return new HttpResponse(new Uint8Array(res.body), { status: res.status, headers: res.headers });
    }),
  ];
}
