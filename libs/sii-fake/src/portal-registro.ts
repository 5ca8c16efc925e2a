import { createHash } from 'node:crypto';
import { escapeXml, formatPesos } from '@lib/dte';
import { formatRut, splitRut } from '@lib/rut';
import type { SiiFakeState } from './state';
import { noAutenticado, portalError, portalHtml, portalSession } from './portal-html';
import { normalizeRut } from './internal/rut';
import { NO_AUTORIZADO } from './portal-login';
import { contribuyenteFor } from './taxpayers';
import type { FakeRequest, FakeResponse } from './types';

/** The project's own reading, see {@link handleRegistro}. */
export const REGISTRO_BASE = '/cgi_res';

export const REGISTRO_RUT_DESCONOCIDO = 'El RUT consultado no se encuentra registrado en el Servicio de Impuestos Internos.';
export const REGISTRO_SIN_INSCRIPCION = 'El RUT consultado no registra inscripción en el Registro de Empresas y Sociedades.';

/** Registry pages for a live session. The real pages are not documented (docs/research/sii-protocol.md §7-§9): these are exactly
 * what @lib/portal parse-empresa.ts reads. A persona natural (body below 50.000.000) has no record. */
export function handleRegistro(state: SiiFakeState, req: FakeRequest, page: string): FakeResponse {
  const url = new URL(req.url, 'http://sii-fake.invalid');
  const session = portalSession(state, req);
  if (!session) return noAutenticado();
  const rut = normalizeRut(url.searchParams.get('rut') ?? '');
  if ((page !== 'empresa.cgi' && page !== 'historial.cgi') || !rut) return portalError('La solicitud no es valida.');
  if (state.options.unknownRuts.includes(rut)) return portalError(REGISTRO_RUT_DESCONOCIDO);
  if (session.rut && session.rut !== rut) return portalError(NO_AUTORIZADO);
  if (splitRut(rut).body < 50_000_000) return portalError(REGISTRO_SIN_INSCRIPCION);
  const registro = registroFor(rut);
  const key = page === 'empresa.cgi' ? rut : `${rut}/historial`;
  state.registroVisitas.set(key, (state.registroVisitas.get(key) ?? 0) + 1);
  return portalHtml(page === 'empresa.cgi' ? empresaPage(registro) : historialPage(registro));
}

interface Registro {
  rut: string;
  razonSocial: string;
  tipo: string;
  constitucion: string;
  capital: number;
  domicilio: string;
  socios: { nombre: string; rut: string; aporte: number; porcentaje: number }[];
  administradores: { nombre: string; rut: string; cargo: string }[];
  historial: { fecha: string; tipo: string; descripcion: string; atencion: string }[];
}

const TIPOS: Record<string, { tipo: string; cargos: [string, string] }> = {
  SPA: { tipo: 'SOCIEDAD POR ACCIONES', cargos: ['ADMINISTRADOR', 'ADMINISTRADOR'] },
  'LTDA.': { tipo: 'SOCIEDAD DE RESPONSABILIDAD LIMITADA', cargos: ['SOCIO ADMINISTRADOR', 'SOCIO ADMINISTRADOR'] },
  'S.A.': { tipo: 'SOCIEDAD ANÓNIMA', cargos: ['GERENTE GENERAL', 'DIRECTOR'] },
  'E.I.R.L.': { tipo: 'EMPRESA INDIVIDUAL DE RESPONSABILIDAD LIMITADA', cargos: ['TITULAR', 'APODERADO'] },
};
const CAPITALES = [1_000_000, 5_000_000, 10_000_000, 20_000_000, 50_000_000, 100_000_000];
const PARTES = [50, 60, 70, 80];

/** Shareholders of an S.A. are not listed by the registry; an E.I.R.L.'s first representative owns it all. */
function registroFor(rut: string): Registro {
  const c = contribuyenteFor(rut);
  const h = createHash('sha256').update(`registro:${rut}`).digest();
  const sufijo = c.razon_social.split(' ').pop()?.toUpperCase() ?? '';
  const { tipo, cargos } = TIPOS[sufijo] ?? TIPOS['SPA'];
  const capital = CAPITALES[h[0] % CAPITALES.length];
  const duenos = sufijo === 'S.A.' ? [] : sufijo === 'E.I.R.L.' ? c.representantes.slice(0, 1) : c.representantes;
  const parte = duenos.length === 1 ? 100 : PARTES[h[1] % PARTES.length];
  const socios = duenos.map((r, i) => {
    const porcentaje = i === 0 ? parte : 100 - parte;
    const aporte = i === 0 ? (capital * parte) / 100 : capital - (capital * parte) / 100;
    return { nombre: r.nombre.toUpperCase(), rut: r.rut, aporte, porcentaje };
  });
  const [anio, mes, dia] = c.inicio_actividades.split('-').map(Number);
  const fecha = (masAnios: number) => `${String(dia).padStart(2, '0')}-${String(mes).padStart(2, '0')}-${anio + masAnios}`;
  const atencion = (i: number) => String(10_000_000 + (h.readUInt32BE(4 + 4 * i) % 90_000_000));
  const domicilio = `${c.direccion}, ${c.comuna}`.toUpperCase();
  const aumento = h[2] % 2 === 1;
  const capitalInicial = aumento ? capital / 2 : capital;
  const historial = [
    {
      fecha: fecha(0),
      tipo: 'CONSTITUCIÓN',
      descripcion: `Constitución de ${tipo} con capital de ${pesos(capitalInicial)}`,
      atencion: atencion(0),
    },
    { fecha: fecha(1), tipo: 'MODIFICACIÓN', descripcion: `Cambio de domicilio a ${domicilio}`, atencion: atencion(1) },
    ...(aumento
      ? [
          {
            fecha: fecha(2),
            tipo: 'MODIFICACIÓN',
            descripcion: `Aumento de capital de ${pesos(capitalInicial)} a ${pesos(capital)}`,
            atencion: atencion(2),
          },
        ]
      : []),
  ];
  return {
    rut,
    razonSocial: c.razon_social.toUpperCase(),
    tipo,
    constitucion: fecha(0),
    capital,
    domicilio,
    socios,
    administradores: c.representantes.map((r, i) => ({ nombre: r.nombre.toUpperCase(), rut: r.rut, cargo: cargos[i === 0 ? 0 : 1] })),
    historial,
  };
}

function pesos(n: number): string {
  return `$ ${formatPesos(n)}`;
}

const HEAD = '<html><head><meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1"><title>SII</title></head><body>';
const td = (text: string, attrs = '') => `<td${attrs}><span class="textof">${escapeXml(text)}</span></td>`;
const campo = (label: string, id: string, value: string) => `<tr>${td(label)}${td(value, ` id="${id}"`)}</tr>`;
const titulo = (subtitulo: string) =>
  '<table width="630"><tbody><tr><td class="centeralign"><span class="textof"><b>REGISTRO DE EMPRESAS Y SOCIEDADES<br>' +
  `${subtitulo}</b></span></td></tr></tbody></table>`;
const vacio = (columnas: number, texto: string) =>
  `<tr><td colspan="${columnas}"><span class="textof">${escapeXml(texto)}</span></td></tr>`;

function empresaPage(r: Registro): string {
  const socios = r.socios.length
    ? r.socios
        .map(
          (s) =>
            `<tr>${td(s.nombre)}${td(formatRut(s.rut), ' class="centeralign"')}${td(pesos(s.aporte), ' class="rightalign"')}` +
            `${td(`${s.porcentaje.toFixed(2).replace('.', ',')} %`, ' class="rightalign"')}</tr>`,
        )
        .join('')
    : vacio(4, '- No se registran socios -');
  const administradores = r.administradores
    .map((a) => `<tr>${td(a.nombre)}${td(formatRut(a.rut), ' class="centeralign"')}${td(a.cargo)}</tr>`)
    .join('');
  return (
    HEAD +
    titulo('DATOS DE LA EMPRESA') +
    '<table id="tbl_empresa"><tbody>' +
    campo('RUT:', 'td_rut', r.rut.replace('-', ' - ')) +
    campo('Razón Social:', 'td_razon_social', r.razonSocial) +
    campo('Tipo de Sociedad:', 'td_tipo_sociedad', r.tipo) +
    campo('Fecha de Constitución:', 'td_fecha_constitucion', r.constitucion) +
    campo('Capital:', 'td_capital', pesos(r.capital)) +
    campo('Domicilio:', 'td_domicilio', r.domicilio) +
    campo('Estado:', 'td_estado', 'VIGENTE') +
    '</tbody></table>' +
    '<table id="tbl_socios"><tbody>' +
    `<tr><td colspan="4"><span class="textof"><b>Socios</b></span></td></tr>` +
    `<tr>${td('Nombre o Razón Social')}${td('RUT')}${td('Aporte')}${td('% Participación')}</tr>${socios}` +
    '</tbody></table>' +
    '<table id="tbl_administradores"><tbody>' +
    `<tr><td colspan="3"><span class="textof"><b>Administración</b></span></td></tr>` +
    `<tr>${td('Nombre')}${td('RUT')}${td('Cargo')}</tr>${administradores || vacio(3, '- No se registran administradores -')}` +
    '</tbody></table>' +
    '</body></html>'
  );
}

function historialPage(r: Registro): string {
  const filas = r.historial.map((m) => `<tr>${td(m.fecha)}${td(m.tipo)}${td(m.descripcion)}${td(m.atencion)}</tr>`).join('');
  return (
    HEAD +
    titulo('HISTORIAL DE ACTUACIONES') +
    '<table id="tbl_encabezado"><tbody>' +
    campo('Razón Social:', 'td_razon_social', r.razonSocial) +
    campo('RUT:', 'td_rut', r.rut.replace('-', ' - ')) +
    '</tbody></table>' +
    '<table id="tbl_historial"><tbody>' +
    `<tr>${td('Fecha')}${td('Tipo de Actuación')}${td('Descripción')}${td('N° de Atención')}</tr>` +
    (filas || vacio(4, '- No se registran modificaciones -')) +
    '</tbody></table></body></html>'
  );
}
