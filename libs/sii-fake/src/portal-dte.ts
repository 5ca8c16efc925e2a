import { contribuyenteFor } from './taxpayers';
import { noAutenticado, portalError, portalHtml, portalSession } from './portal-html';
import { normalizeRut } from './internal/rut';
import { setBasico } from './set-pruebas';
import type { SiiFakeState } from './state';
import type { FakeRequest, FakeResponse } from './types';
import { splitRut } from '@lib/rut';

/** maullin / palena `cvc_cgi/dte` pages. */
export const PORTAL_DTE = {
  autorizados: '/cvc_cgi/dte/ce_empresas_dwnld',
  confirmarEmpresa: '/cvc_cgi/dte/pe_generar1',
  generarSet: '/cvc_cgi/dte/pe_generar2',
} as const;

/** The DTE-authorized taxpayers list as peers report it, `DD-MM-AAAA ` with its trailing space, and "NO ESTA AUTENTICADO" with
 * HTTP 200 (docs/research/sources/README.md §1.1-1.3, fixture contribuyentes-autorizados). */
export function listaAutorizados(state: SiiFakeState, req: FakeRequest): FakeResponse {
  if (!portalSession(state, req)) return noAutenticado();
  const filas = [...state.resoluciones.entries()].map(([rut, r]) => {
    const [anio, mes, dia] = r.fecha.split('-');
    const nombre = contribuyenteFor(rut).razon_social.replace(/;/g, ',');
    return `${rut};${nombre};${r.numero};${dia}-${mes}-${anio} ;dte${splitRut(rut).body}@intercambio.cl;`;
  });
  const text = ['RUT;RAZON SOCIAL;NUMERO RESOLUCION;FECHA RESOLUCION;MAIL INTERCAMBIO;URL', ...filas].join('\r\n') + '\r\n';
  return {
    status: 200,
    headers: { 'content-type': 'text/csv; charset=ISO-8859-1', 'content-disposition': 'attachment; filename=ce_empresas_dwnld.csv' },
    body: Buffer.from(text, 'latin1'),
  };
}

/** Set generation's confirmation (docs/research/sources/README.md §3): no capture exists, so a form posting peers' fields to pe_generar2. */
export function confirmarEmpresa(state: SiiFakeState, req: FakeRequest): FakeResponse {
  if (!portalSession(state, req)) return noAutenticado();
  const rut = rutDelFormulario(req);
  if (!rut) return portalError('RUT de empresa no valido.');
  const parts = splitRut(rut);
  const [cuerpo, dv] = [String(parts.body), parts.dv];
  return portalHtml(
    `<html><body><form method="post" action="pe_generar2"><input type="hidden" name="RUT_EMP" value="${cuerpo}">` +
      `<input type="hidden" name="DV_EMP" value="${dv}"><input type="hidden" name="AUTORIZADA" value="S">` +
      '<input type="hidden" name="TOTAL" value="15"><input type="checkbox" name="SET01" value="S" checked>' +
      '<input type="submit" name="ACEPTAR" value="Generar Set"></form></body></html>',
  );
}

/** `SIISetDePruebas<RUT>.txt`, ISO-8859-1, CRLF (docs/research/sources/README.md §3: content type undocumented; peers accept text or HTML). */
export function generarSet(state: SiiFakeState, req: FakeRequest): FakeResponse {
  if (!portalSession(state, req)) return noAutenticado();
  const rut = rutDelFormulario(req);
  if (!rut) return portalError('RUT de empresa no valido.');
  return {
    status: 200,
    headers: {
      'content-type': 'text/plain; charset=ISO-8859-1',
      'content-disposition': `attachment; filename=SIISetDePruebas${splitRut(rut).body}.txt`,
    },
    body: Buffer.from(setBasico(rut), 'latin1'),
  };
}

function rutDelFormulario(req: FakeRequest): string | undefined {
  const form = new URLSearchParams((req.body ?? Buffer.alloc(0)).toString('latin1'));
  return normalizeRut(`${form.get('RUT_EMP') ?? ''}-${form.get('DV_EMP') ?? ''}`);
}
