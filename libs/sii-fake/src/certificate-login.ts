import type { SiiFakeAuthority } from './authority';
import { CAUT_INICIO_PATH } from './portal-auth';

export interface PortalLoginCookies {
  cookies: { name: string; value: string }[];
  cookie: string;
}

/** For specs: the certificate login without TLS, as if the HTTPS listener had a certificate of `rut`. @throws Error without a session. */
export async function portalCertificateLogin(authority: SiiFakeAuthority, rut = '11111111-1'): Promise<PortalLoginCookies> {
  const now = authority.now().getTime();
  const referencia = 'https://misiir.sii.cl/cgi_misii/siihome.cgi';
  const res = await authority.handle({
    method: 'POST',
    url: `https://herculesr.sii.cl${CAUT_INICIO_PATH}?${referencia}`,
    headers: { host: 'herculesr.sii.cl', 'content-type': 'application/x-www-form-urlencoded' },
    body: Buffer.from(`referencia=${encodeURIComponent(referencia)}`),
    clientCertificate: { subjectSerialNumber: rut, validFrom: new Date(now - 86_400_000), validTo: new Date(now + 365 * 86_400_000) },
  });
  const cookies = (res.setCookies ?? []).map((header) => {
    const pair = header.split(';')[0];
    return { name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) };
  });
  if (res.status !== 302 || !cookies.some((c) => c.name === 'TOKEN')) {
    throw new Error(`certificate login of ${rut} failed: ${res.body.toString('latin1')}`);
  }
  return { cookies, cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
}
