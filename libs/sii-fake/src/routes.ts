import type { SiiFakeState } from './state';
import { getSeed, getToken } from './auth';
import { issueCaf } from './caf-issuer';
import { getEstUp } from './estup';
import { getEstDte } from './estdte';
import { normalizeRut } from './internal/rut';
import { SoapRequestError, parseSoapCall, soapFault, soapResponse, type SoapCall } from '@lib/dte';
import { jsonResponse, xmlResponse, type FakeRequest, type FakeResponse } from './types';
import { handleUpload } from './upload';
import { REGISTRO_RECLAMO_PATHS, handleRegistroReclamo } from './registro-reclamo';
import { RCV_FACADE_PATH, handleRcv } from './rcv';
import { PORTAL_DTE, confirmarEmpresa, generarSet, listaAutorizados } from './portal-dte';
import { simUsuariosAutorizados } from './usuarios-autorizados';
import { CARPETA_BASE, handleCarpeta } from './portal-carpeta';
import { SIN_F29_PATH, sinF29Html } from './portal-carpeta-secciones';
import { portalHtml } from './portal-html';
import { BUZON_BASE, handleBuzon, simNotificacion } from './portal-buzon';
import { REGISTRO_BASE, handleRegistro } from './portal-registro';
import { portalLogin, portalLogout } from './portal-login';
import { CAUT_INICIO_PATH, handleCAutInicio } from './portal-auth';
import type { SiiFakeRequest, SiiFakeResponse } from './transport';
import { FOLIOS_PATH, handleFolios, simAnularFolio } from './portal-folios';
import { BHE_RECIBIDAS_PATH, handleBheRecibidas } from './portal-bhe';
import { simBhe } from './bhe';
import { BANCO_PREFIX, handleBanco, simBancoCaido } from './banco';
import { BOLETA_API, boletaEnvio, boletaEnvioEstado, boletaSemilla, boletaToken, boletaTokenOwner } from './boleta-api';
import { BOLETA_ESTADO, boletaEstado } from './boleta-estado';
import { RTC_ANOT_ENVIO_PATH, handleRtcAnotEnvio } from './rtc-anot-envio';
import { RPETC_CONSULTA_PATH, RPETC_NAMESPACE, getEstCesion, getEstCesionRelac, getEstEnvio } from './rpetc-consulta';

/** The boleta REST services (docs/research/boletas.md §1). */
async function routeBoleta(
  authority: SiiFakeState,
  req: SiiFakeRequest,
  path: string,
  method: string,
): Promise<SiiFakeResponse | undefined> {
  if (path === BOLETA_API.semilla && method === 'GET') return boletaSemilla(authority);
  if (path === BOLETA_API.token && method === 'POST') return boletaToken(authority, req);
  if (path === BOLETA_API.envio && method === 'POST') return boletaEnvio(authority, req);
  if (path.startsWith(`${BOLETA_API.envio}/`) && method === 'GET')
    return boletaEnvioEstado(authority, req, path.slice(BOLETA_API.envio.length + 1));
  const estado = BOLETA_ESTADO.exec(path);
  if (estado && method === 'GET') return boletaEstado(authority, req, boletaTokenOwner(authority, req, false), estado);
  return undefined;
}

const RCV_OPERATIONS = new Set(['getResumen', 'getDetalleCompra', 'getDetalleVenta']);

type SoapOperation = (authority: SiiFakeState, call: SoapCall) => string;

/** docs/research/sii-protocol.md §2.1. */
const SOAP_SERVICES: Record<string, Record<string, SoapOperation>> = {
  '/DTEWS/CrSeed.jws': { getSeed: (a) => getSeed(a) },
  '/DTEWS/GetTokenFromSeed.jws': {
    getToken: (a, call) => getToken(a, (call.params.find((p) => p.name === 'pszXml') ?? call.params[0])?.value),
  },
  '/DTEWS/QueryEstUp.jws': { getEstUp: (a, call) => getEstUp(a, call.params) },
  '/DTEWS/QueryEstDte.jws': { getEstDte: (a, call) => getEstDte(a, call.params) },
  // docs/research/cesion.md §3.
  [RPETC_CONSULTA_PATH]: {
    getEstEnvio: (a, call) => getEstEnvio(a, call.params),
    getEstCesion: (a, call) => getEstCesion(a, call.params),
    getEstCesionRelac: (a, call) => getEstCesionRelac(a, call.params),
  },
};

/** The answer's operation namespace where it is not the service URL (the .jws services'). */
const SOAP_RESPONSE_NS: Record<string, string> = { [RPETC_CONSULTA_PATH]: RPETC_NAMESPACE };

export async function routeRequest(authority: SiiFakeState, req: SiiFakeRequest): Promise<SiiFakeResponse> {
  const url = new URL(req.url, 'http://sii-fake.invalid');
  const method = req.method.toUpperCase();
  const path = url.pathname.replace(/\/+$/, '');
  try {
    const service = SOAP_SERVICES[path];
    if (service && method === 'POST') return soap(authority, req, url, path, service);
    if (path === '/cgi_dte/UPL/DTEUpload' && method === 'POST') return await handleUpload(authority, req);
    if (path === RTC_ANOT_ENVIO_PATH && method === 'POST') return await handleRtcAnotEnvio(authority, req);
    const boleta = await routeBoleta(authority, req, path, method);
    if (boleta) return boleta;
    if (REGISTRO_RECLAMO_PATHS.includes(path) && method === 'POST') return handleRegistroReclamo(authority, req);
    const rcv = path.startsWith(`${RCV_FACADE_PATH}/`) ? path.slice(RCV_FACADE_PATH.length + 1) : undefined;
    if (rcv && RCV_OPERATIONS.has(rcv) && method === 'POST') return handleRcv(authority, req, rcv);
    // On whichever host the bank's base URL names.
    if (path.startsWith(BANCO_PREFIX)) return await handleBanco(authority, req, path);
    if (path === '/sim/banco/caido' && method === 'POST') return simBancoCaido(authority, parseJson(req.body));
    if (path === '/sim/caf' && method === 'POST') return issueCaf(authority, parseJson(req.body));
    if (path === CAUT_INICIO_PATH && (method === 'POST' || method === 'GET')) return handleCAutInicio(authority, req);
    if (path === '/sim/portal/login' && method === 'POST') return portalLogin(authority, req, parseJson(req.body));
    if (path === '/sim/portal/logout' && method === 'POST') return portalLogout(authority, parseJson(req.body));
    if (path === '/sim/resolucion' && method === 'POST') return registerResolucion(authority, parseJson(req.body));
    if (path === '/sim/usuarios-autorizados' && method === 'POST') return simUsuariosAutorizados(authority, parseJson(req.body));
    if (path === '/sim/notificaciones' && method === 'POST') return simNotificacion(authority, parseJson(req.body));
    if (path === '/sim/authority-certificate' && method === 'GET') {
      return { status: 200, headers: { 'content-type': 'application/x-pem-file' }, body: Buffer.from(authority.certificatePem) };
    }
    if (path === FOLIOS_PATH && method === 'GET') return handleFolios(authority, req);
    if (path === '/sim/folios/anular' && method === 'POST') return simAnularFolio(authority, parseJson(req.body));
    if (path === BHE_RECIBIDAS_PATH && (method === 'GET' || method === 'POST')) return handleBheRecibidas(authority, req);
    if (path === '/sim/bhe' && method === 'POST') return simBhe(authority, parseJson(req.body));
    if (path === SIN_F29_PATH && method === 'GET') return portalHtml(sinF29Html());
    if (path.startsWith(`${CARPETA_BASE}/`) && (method === 'GET' || method === 'POST')) {
      return await handleCarpeta(authority, req, path.slice(CARPETA_BASE.length + 1));
    }
    if (path.startsWith(`${BUZON_BASE}/`) && method === 'GET') return await handleBuzon(authority, req, path.slice(BUZON_BASE.length + 1));
    if (path.startsWith(`${REGISTRO_BASE}/`) && method === 'GET') {
      return handleRegistro(authority, req, path.slice(REGISTRO_BASE.length + 1));
    }
    if (path === PORTAL_DTE.autorizados && method === 'GET') return listaAutorizados(authority, req);
    if (path === PORTAL_DTE.confirmarEmpresa && method === 'POST') return confirmarEmpresa(authority, req);
    if (path === PORTAL_DTE.generarSet && method === 'POST') return generarSet(authority, req);
    return {
      status: 404,
      headers: { 'content-type': 'text/html; charset=ISO-8859-1' },
      body: Buffer.from('<html><body><h1>Not Found</h1></body></html>'),
    };
  } catch (err) {
    // The real SII answers bare "Error 500" pages; keep the reason for whoever debugs the fake.
    return {
      status: 500,
      headers: { 'content-type': 'text/plain; charset=ISO-8859-1' },
      body: Buffer.from(`Error 500: ${(err as Error).message}`, 'latin1'),
    };
  }
}

function soap(authority: SiiFakeState, req: FakeRequest, url: URL, path: string, service: Record<string, SoapOperation>): FakeResponse {
  let call: SoapCall;
  try {
    call = parseSoapCall((req.body ?? Buffer.alloc(0)).toString('utf8'));
  } catch (err) {
    if (err instanceof SoapRequestError)
      return xmlResponse(500, soapFault('soapenv:Server.userException', err.message), 'text/xml; charset=utf-8');
    throw err;
  }
  const operation = service[call.operation];
  if (!operation) return xmlResponse(500, soapFault('soapenv:Client', `No such operation '${call.operation}'`), 'text/xml; charset=utf-8');
  const inner = operation(authority, call);
  const ns = SOAP_RESPONSE_NS[path] ?? `${url.origin}${path}`;
  return xmlResponse(200, soapResponse(call.operation, ns, inner), 'text/xml; charset=utf-8');
}

/** `POST /sim/resolucion {rut, fecha_resolucion, numero_resolucion}`. */
function registerResolucion(authority: SiiFakeState, body: unknown): FakeResponse {
  const b = (body ?? {}) as Record<string, unknown>;
  const rut = normalizeRut(String(b['rut'] ?? ''));
  const fecha = String(b['fecha_resolucion'] ?? '');
  const numero = b['numero_resolucion'];
  if (!rut || !/^\d{4}-\d{2}-\d{2}$/.test(fecha) || !Number.isInteger(numero) || (numero as number) < 0) {
    return jsonResponse(400, {
      error: 'invalid_request',
      detail: 'rut, fecha_resolucion (YYYY-MM-DD) and numero_resolucion (integer >= 0) are required',
    });
  }
  authority.resoluciones.set(rut, { fecha, numero: numero as number });
  return jsonResponse(200, { rut, fecha_resolucion: fecha, numero_resolucion: numero });
}

function parseJson(body: Buffer | undefined): unknown {
  try {
    return JSON.parse((body ?? Buffer.alloc(0)).toString('utf8'));
  } catch {
    return null;
  }
}
