import { escapeXml } from '@lib/dte';
import type { SiiFakeState } from './state';
import { normalizeRut } from './internal/rut';
import { abrirSesionPortal, cookiesDeSesion } from './portal-login';
import { portalHtml } from './portal-html';
import type { SiiFakeRequest, SiiFakeResponse } from './transport';

// The SII's certificate login as peers open a portal session (docs/research/sources/README.md §1.2: RDE `engine/sii-folios.ts`,
// DVL `SiiPortalAuth.js` 10-18 and 486-517, `SiiSession.js` 317-340). No capture of the real pages exists (§6): the error page is
// the project's own, with the SII's codes ("códigos de mensajes de error" 2020-02-07, docs/research/sii-protocol.md §8).

export const CAUT_INICIO_PATH = '/cgi_AUT2000/CAutInicio.cgi';

export type FinLogin = '34' | '36' | '37' | '52';

/** By the code's last two digits (the only part that matters, per the SII's page), verbatim. */
export const ERRORES_LOGIN: Record<FinLogin, string> = {
  '34': 'Intente ingresar nuevamente su Certificado Digital.',
  '36': 'Debe solicitar un nuevo Certificado Digital a la entidad emisora. El que ingresó se encuentra vencido.',
  '37': 'Certificado Digital inválido. Verifique que corresponda a uno emitido por entidades certificadoras autorizadas por el SII.',
  '52':
    'Se recomienda cerrar el browser (página de navegación) e intentarlo de nuevo, pero partiendo desde http://www.sii.cl/ , ' +
    'y no utilizar direcciones almacenadas en el browser, pues podrían no estar actualizadas.',
};

/** The codes' leading groups (docs/research/sii-protocol.md §8's example). */
const PREFIJO_CODIGO = '01.01.204.500.709.';

/** `POST` (or `GET`, as some peers send it): 34 always over plain HTTP and msw. Any issuer is trusted, as the dev signer's is
 * self-signed (the SII takes accredited ones only); revocation (35) is not modelled. */
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

export function errorLogin(ending: FinLogin): SiiFakeResponse {
  return portalHtml(
    '<html><head><title>SII | Servicio de Impuestos Internos</title></head><body><div id="error">' +
      `<p class="textof">Código de error: ${PREFIJO_CODIGO}${ending}</p>` +
      `<p class="textof">${escapeXml(ERRORES_LOGIN[ending])}</p></div></body></html>`,
  );
}

/** The form's referencia, else the whole query string (`CAutInicio.cgi?https://...`); absolute http(s) only. */
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

/** Without port: the cookies' Domain. */
function hostDe(req: SiiFakeRequest): string {
  const header = req.headers['host'];
  const host = (Array.isArray(header) ? header[0] : header) ?? new URL(req.url, 'https://herculesr.sii.cl').host;
  return host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/:\d+$/, '');
}
