import { load, type CheerioAPI } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { fechaIso, montoClp, rutCanonico } from '../carpeta/formats';
import type { AdministradorEmpresa, Empresa, ModificacionEmpresa, SocioEmpresa } from './empresa.types';

/** Why a page could not be read as a registry page. */
export type RegistroParseMotivo =
  /** The portal's "NO ESTA AUTENTICADO" page: the session is absent or dead. */
  | 'no_autenticado'
  /** The portal's error page (`#error`): unknown RUT, a RUT without registration, a session not authorized for it. */
  | 'error_portal'
  /** Any other page, or a registry page without the RUT or razón social of the company. */
  | 'otra_pagina';

/**
 * The page is not a page of the Registro de Empresas y Sociedades (or not one this parser knows). `motivo` says
 * which kind of page it was; `mensajePortal` is the text of the portal's error page when `motivo` is
 * `error_portal`, else null. The message is one line.
 */
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

/** Texts a registry page writes where it has nothing to show ("- No se registran socios -", "No registra"). */
const VACIO = /^-?\s*No (se registra|registra|existen|tiene)/i;

/**
 * Reads a company's record page of the Registro de Empresas y Sociedades (the portal's `empresa.cgi?rut=`, HTML
 * already decoded: the portal serves ISO-8859-1, use `decodeHtml` on saved bytes) as {@link Empresa}.
 *
 * Structure: the real page of this registry is not documented in our research (docs/research/sii-protocol.md
 * §7-§9 cover the carpeta, the STC and the portal login only), so this structure is the project's own reading,
 * written in the style of the SII's portal pages (ids on tables and cells, values inside `span.textof`, Chilean
 * formats); the stand-in (libs/sii-fake, `portal-registro.ts`) serves exactly this structure:
 * - `table#tbl_empresa`, one label/value row per field, the values in cells `#td_rut` (`76086428 - 5`),
 *   `#td_razon_social`, `#td_tipo_sociedad`, `#td_fecha_constitucion` (`dd-mm-aaaa` or `dd/mm/aaaa`),
 *   `#td_capital` (`$ 10.000.000`), `#td_domicilio`, `#td_estado`;
 * - `table#tbl_socios`, rows of 4 cells: nombre o razón social, RUT, aporte (`$ 6.000.000`), participación
 *   (`60,00 %`); a header row (second cell "RUT") and an empty-state row ("- No se registran socios -") are skipped;
 * - `table#tbl_administradores`, rows of 3 cells: nombre, RUT, cargo; header and empty-state rows likewise.
 *
 * Money is whole CLP pesos, dates ISO `YYYY-MM-DD` (the calendar date the page writes, America/Santiago), RUTs
 * canonical. An empty cell, a `-` or a "No registra" text is null; an empty or absent table is an empty list.
 * @throws RegistroParseError when the page is not a registry record page: the portal's "NO ESTA AUTENTICADO"
 *   page (`motivo` `no_autenticado`), its error page `#error` (`error_portal`, e.g. "El RUT consultado no registra
 *   inscripción en el Registro de Empresas y Sociedades."), or anything without `#tbl_empresa` and a valid RUT
 *   and a razón social in it (`otra_pagina`).
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

/**
 * Reads the page of a company's registered filings in the Registro de Empresas y Sociedades (the portal's
 * `historial.cgi?rut=`, HTML already decoded) as {@link ModificacionEmpresa} rows, in the page's order (the
 * stand-in lists them oldest first).
 *
 * Structure: the project's own reading, as for {@link parseEmpresa} (not documented in our research; the stand-in
 * libs/sii-fake serves exactly this structure): `table#tbl_historial`, rows of 4 cells inside `span.textof`:
 * fecha (`dd-mm-aaaa` or `dd/mm/aaaa`), tipo de actuación, descripción, N° de atención (the filing's
 * identifier, kept as written). A header row (first cell "Fecha") is skipped; a table with only an empty-state
 * row ("- No se registran modificaciones -") is []. The page also carries a header `#tbl_encabezado` with the
 * company's `#td_razon_social` and `#td_rut`, which this reader does not need.
 *
 * Dates are ISO `YYYY-MM-DD` (the calendar date the page writes, America/Santiago).
 * @throws RegistroParseError when the page is not the historial page (`motivo` as for {@link parseEmpresa}),
 *   or a row's date is not a date (`otra_pagina`).
 */
export function parseHistorialEmpresa(html: string): ModificacionEmpresa[] {
  const $ = load(html);
  if ($('#tbl_historial').length === 0) throw otraPagina($, 'not a registry historial page: no #tbl_historial table');
  return filas($, '#tbl_historial', 4).map((c, i) => {
    const fecha = fechaIso(c[0]);
    if (!fecha) throw new RegistroParseError(`registry historial row ${i + 1}: "${c[0]}" is not a date`);
    return { fecha, tipo: c[1], descripcion: c[2], actuacion: c[3] };
  });
}

/** The error for a page without the expected table: the portal's session or error page, or another page. */
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

/**
 * The cell texts of the data rows of a table: rows of exactly `n` direct cells whose first cell is not empty,
 * not a header (first cell "Nombre…" or "Fecha", or second cell "RUT") and not an empty-state text.
 */
function filas($: CheerioAPI, tabla: string, n: number): string[][] {
  return $(`${tabla} tr`)
    .toArray()
    .map((r) => $(r).children('td').toArray())
    .filter((cells) => cells.length === n)
    .map((cells) => cells.map((c) => texto($, c)))
    .filter((t) => t[0] !== '' && !VACIO.test(t[0]) && !/^(Nombre\b|Fecha$)/i.test(t[0]) && !/^RUT$/i.test(t[1]));
}

/** The text of an element, `<br>` and blanks collapsed to single spaces. */
function texto($: CheerioAPI, el: AnyNode | undefined): string {
  if (!el) return '';
  const copy = $(el).clone();
  copy.find('br').replaceWith(' ');
  return copy.text().replace(/\s+/g, ' ').trim();
}

function orNull(s: string): string | null {
  return s === '' || /^-+$/.test(s) || VACIO.test(s) ? null : s;
}

/** `60,00 %`, `33,33%` or `100` as a number of percent; null when empty, unreadable or above 100. */
function porcentaje(s: string): number | null {
  const m = /^(\d{1,3})(?:[,.](\d+))?\s*%?$/.exec(s.trim());
  if (!m) return null;
  const n = Number(`${m[1]}.${m[2] ?? '0'}`);
  return n <= 100 ? n : null;
}
