import { http, HttpResponse, type HttpHandler } from 'msw';
import type { SiiFakeAuthority } from './authority';

/** docs/research/sii-protocol.md §2.1, §8: maullin, ws2 (RegistroReclamoDTE), www4c (RCV); docs/research/boletas.md §1.1:
 * apicert and pangal (boletas). */
export const SII_CERT_HOSTS = [
  'https://maullin.sii.cl',
  'https://ws2.sii.cl',
  'https://www4c.sii.cl',
  'https://apicert.sii.cl',
  'https://pangal.sii.cl',
];

/** Use with `setupServer(...createSiiFakeHandlers(authority))`; raw bytes in and out. */
export function createSiiFakeHandlers(authority: SiiFakeAuthority, baseUrls: string | string[] = SII_CERT_HOSTS): HttpHandler[] {
  return [baseUrls].flat().map((baseUrl) =>
    http.all(`${baseUrl.replace(/\/+$/, '')}/*`, async ({ request }) => {
      const headers: Record<string, string> = {};
      request.headers.forEach((value, key) => (headers[key] = value));
      const body = Buffer.from(await request.arrayBuffer());
      const res = await authority.handle({ method: request.method, url: request.url, headers, body });
      return new HttpResponse(new Uint8Array(res.body), { status: res.status, headers: res.headers });
    }),
  );
}
