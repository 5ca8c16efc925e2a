import { load, type CheerioAPI } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { fechaIso, montoClp, rutCanonico } from '../carpeta/formats';
import type { AdministradorEmpresa, Empresa, ModificacionEmpresa, SocioEmpresa } from './empresa.types';

/** no_autenticado: "NO ESTA AUTENTICADO" page; error_portal: `#error` (unknown or unregistered RUT, unauthorized); otra_pagina. */
export type RegistroParseMotivo = 'no_autenticado' | 'error_portal' | 'otra_pagina';

/** Not a Registro de Empresas y Sociedades page this parser knows; `mensajePortal` is the error page's text for `error_portal`. */
export class RegistroParseError extends Error {
  constructor(
    message: string,
    readonly motivo: RegistroParseMotivo = 'otra_pagina',
    readonly mensajePortal: string | null = null,
  ) {
    super(message);
    this.name = 'RegistroParseError';
  }
}

const VACIO = /^-?\s*No (se registra|registra|existen|tiene)/i;

/**
 * `empresa.cgi?rut=` (decoded). The real page is undocumented (docs/research/sii-protocol.md §7-§9): the project's own reading, served exactly by
 * libs/sii-fake portal-registro.ts. Whole CLP, ISO dates, canonical RUTs; empty, `-` or "No registra" is null.
 * @throws RegistroParseError for the dead-session page, the error page `#error`, or a page without `#tbl_empresa`, RUT, razón social.
 */
export function parseEmpresa(html: string): Empresa {
  const $ = load(html);
  if ($('#tbl_empresa').length === 0) throw otraPagina($, 'not a registry record page: no #tbl_empresa table');
  const campo = (id: string) => orNull(texto($, $(`#tbl_empresa #${id}`).get(0)));
  const rutTexto = campo('td_rut') ?? '';
  const rut = rutCanonico(rutTexto);
  if (!rut) throw new RegistroParseError(`not a registry record page: #td_rut "${rutTexto}" is not a valid RUT`);
  const razonSocial = campo('td_razon_social');
  if (!razonSocial) throw new RegistroParseError('not a registry record page: #td_razon_social is empty');
  return {
    rut,
    razon_social: razonSocial,
    tipo_sociedad: campo('td_tipo_sociedad'),
    fecha_constitucion: fechaIso(campo('td_fecha_constitucion') ?? ''),
    capital: montoClp(campo('td_capital') ?? ''),
    domicilio: campo('td_domicilio'),
    socios: filas($, '#tbl_socios', 4).map((c): SocioEmpresa => ({
      nombre: c[0],
      rut: rutCanonico(c[1]),
      aporte: montoClp(c[2]),
      porcentaje: porcentaje(c[3]),
    })),
    administradores: filas($, '#tbl_administradores', 3).map((c): AdministradorEmpresa => ({
      nombre: c[0],
      rut: rutCanonico(c[1]),
      cargo: orNull(c[2]),
    })),
    estado: campo('td_estado'),
  };
}

/** `historial.cgi?rut=` in page order; [] when empty. @throws RegistroParseError as {@link parseEmpresa}, or for a bad date. */
export function parseHistorialEmpresa(html: string): ModificacionEmpresa[] {
  const $ = load(html);
  if ($('#tbl_historial').length === 0) throw otraPagina($, 'not a registry historial page: no #tbl_historial table');
  return filas($, '#tbl_historial', 4).map((c, i) => {
    const fecha = fechaIso(c[0]);
    if (!fecha) throw new RegistroParseError(`registry historial row ${i + 1}: "${c[0]}" is not a date`);
    return { fecha, tipo: c[1], descripcion: c[2], actuacion: c[3] };
  });
}

function otraPagina($: CheerioAPI, reason: string): RegistroParseError {
  const error = $('#error');
  if (error.length > 0) {
    const mensaje = texto($, error.get(0));
    return new RegistroParseError(`the portal answered an error page: ${mensaje}`, 'error_portal', mensaje);
  }
  if (/NO ESTA AUTENTICADO/i.test(texto($, $('body').get(0) ?? $.root().get(0)))) {
    return new RegistroParseError('the portal session is not authenticated (NO ESTA AUTENTICADO)', 'no_autenticado');
  }
  return new RegistroParseError(reason);
}

/** Rows of exactly `n` cells, first cell non-empty, not a header ("Nombre…", "Fecha", or "RUT" second) nor an empty state. */
function filas($: CheerioAPI, tabla: string, n: number): string[][] {
  return $(`${tabla} tr`)
    .toArray()
    .map((r) => $(r).children('td').toArray())
    .filter((cells) => cells.length === n)
    .map((cells) => cells.map((c) => texto($, c)))
    .filter((t) => t[0] !== '' && !VACIO.test(t[0]) && !/^(Nombre\b|Fecha$)/i.test(t[0]) && !/^RUT$/i.test(t[1]));
}

function texto($: CheerioAPI, el: AnyNode | undefined): string {
  if (!el) return '';
  const copy = $(el).clone();
  copy.find('br').replaceWith(' ');
  return copy.text().replace(/\s+/g, ' ').trim();
}

function orNull(s: string): string | null {
  return s === '' || /^-+$/.test(s) || VACIO.test(s) ? null : s;
}

/** `60,00 %`, `33,33%` or `100` as percent; null when empty, unreadable or above 100. */
function porcentaje(s: string): number | null {
  const m = /^(\d{1,3})(?:[,.](\d+))?\s*%?$/.exec(s.trim());
  if (!m) return null;
  const n = Number(`${m[1]}.${m[2] ?? '0'}`);
  return n <= 100 ? n : null;
}
