import { escapeXml } from '@lib/dte';
import type { SiiFakeState } from './state';
import { normalizeRut } from './internal/rut';
import { abrirSesionPortal, cookiesDeSesion } from './portal-login';
import { portalHtml } from './portal-html';
import type { SiiFakeRequest, SiiFakeResponse } from './transport';

/*
 * The SII's certificate login, `https://herculesr.sii.cl/cgi_AUT2000/CAutInicio.cgi?<referencia>`, the way peers open
 * a portal session (docs/research/sources/README.md §1.2: RDE `engine/sii-folios.ts`, DVL `SiiPortalAuth.js` lines
 * 10-18 and 486-517, DVL `SiiSession.js` lines 317-340): the certificate is the TLS client certificate, the body is
 * `referencia=<url>`, the SII takes the holder's RUT from the certificate's subject serialNumber, sets the session
 * cookies (TOKEN = CSESSIONID, NETSCAPE_LIVEWIRE.rut/.dv) and redirects to the referencia. No public capture of the
 * real login pages exists (docs/research/sources/README.md §6): the redirect and cookies follow the peers' code; the error page is the
 * project's own, carrying the SII's published login error codes and texts
 * (the SII's "códigos de mensajes de error" page of 2020-02-07, tabled in docs/research/sii-protocol.md §8).
 */

/** Path of the certificate login on herculesr.sii.cl. */
export const CAUT_INICIO_PATH = '/cgi_AUT2000/CAutInicio.cgi';

/** The endings of the login error codes this page produces. */
export type FinLogin = '34' | '36' | '37' | '52';

/**
 * Login error texts by the code's last two digits (the only part that matters, per the SII's page), verbatim from
 * the SII's "Códigos de mensajes de error" (2020-02-07).
 */
export const ERRORES_LOGIN: Record<FinLogin, string> = {
  // No certificate in the handshake: the SII's "enter your certificate again".
  '34': 'Intente ingresar nuevamente su Certificado Digital.',
  '36': 'Debe solicitar un nuevo Certificado Digital a la entidad emisora. El que ingresó se encuentra vencido.',
  '37': 'Certificado Digital inválido. Verifique que corresponda a uno emitido por entidades certificadoras autorizadas por el SII.',
  '52':
    'Se recomienda cerrar el browser (página de navegación) e intentarlo de nuevo, pero partiendo desde http://www.sii.cl/ , ' +
    'y no utilizar direcciones almacenadas en el browser, pues podrían no estar actualizadas.',
};

/** The codes' leading groups (docs/research/sii-protocol.md §8's example code); only the ending varies here. */
const PREFIJO_CODIGO = '01.01.204.500.709.';

/**
 * `POST` (or `GET`, as some peers send it) `/cgi_AUT2000/CAutInicio.cgi?<referencia>` with `referencia=<url>` in a
 * form body: with a TLS client certificate that is valid now and carries a RUT in its subject serialNumber, opens a
 * `certificado` portal session of that RUT and answers 302 to the referencia with Set-Cookie `TOKEN`, `CSESSIONID`,
 * `NETSCAPE_LIVEWIRE.rut` and `.dv` (Domain the request's host, Path `/`). Otherwise the login error page (HTTP 200):
 * ending 34 without a certificate (always so over plain HTTP and msw), 36 expired, 37 not yet valid or without a
 * RUT, 52 without an absolute http(s) referencia. The stand-in trusts any issuer (the dev signer's certificate is
 * self-signed); the SII accepts only accredited ones (ending 37). Revocation (35) is not modelled.
 */
export function handleCAutInicio(state: SiiFakeState, req: SiiFakeRequest): SiiFakeResponse {
  const referencia = referenciaDe(req);
  if (!referencia) return errorLogin('52');
  const cert = req.clientCertificate;
  if (!cert) return errorLogin('34');
  const now = state.now();
  if (cert.validTo.getTime() <= now.getTime()) return errorLogin('36');
  if (cert.validFrom.getTime() > now.getTime()) return errorLogin('37');
  const rut = normalizeRut(cert.subjectSerialNumber ?? '');
  if (!rut) return errorLogin('37');
  const token = abrirSesionPortal(state, rut, 'certificado');
  const host = hostDe(req);
  return {
    status: 302,
    headers: { location: referencia, 'content-type': 'text/html; charset=ISO-8859-1' },
    body: Buffer.from(`<html><body><a href="${escapeXml(referencia)}">${escapeXml(referencia)}</a></body></html>`, 'latin1'),
    setCookies: cookiesDeSesion(token, rut).map((c) => `${c.name}=${c.value}; Domain=${host}; Path=/`),
  };
}

/** The login error page of `ending` (see {@link ERRORES_LOGIN}). */
export function errorLogin(ending: FinLogin): SiiFakeResponse {
  return portalHtml(
    '<html><head><title>SII | Servicio de Impuestos Internos</title></head><body><div id="error">' +
      `<p class="textof">Código de error: ${PREFIJO_CODIGO}${ending}</p>` +
      `<p class="textof">${escapeXml(ERRORES_LOGIN[ending])}</p></div></body></html>`,
  );
}

/** The referencia of the form body, else the whole query string (`CAutInicio.cgi?https://...`); only absolute http(s) URLs. */
function referenciaDe(req: SiiFakeRequest): string | undefined {
  const form = new URLSearchParams((req.body ?? Buffer.alloc(0)).toString('latin1')).get('referencia');
  const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
  try {
    const url = new URL(form || decodeURIComponent(query));
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** The host the client asked for (Host header, else the URL), without port: the cookies' Domain. */
function hostDe(req: SiiFakeRequest): string {
  const header = req.headers['host'];
  const host = (Array.isArray(header) ? header[0] : header) ?? new URL(req.url, 'https://herculesr.sii.cl').host;
  return host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/:\d+$/, '');
}
