import type { SiiFakeState } from './state';
import { normalizeRut } from './internal/rut';
import { bheDelMes } from './bhe';
import { noAutenticado, portalError, portalHtml, portalSession } from './portal-html';
import { NO_AUTORIZADO } from './portal-login';
import type { BoletaHonorarios, FakeRequest, FakeResponse } from './types';

// The SII portal's "Informe mensual de boletas de honorarios electrónicas recibidas", https://loa.sii.cl/cgi_IMT/TMBCOC_InformeMensualBheRec.cgi
// (the stand-in serves it on its own hosts, as the other portal pages). No capture of the real page is public: its shape is what
// public peer scrapers read from it, IDX-57423460945 (a TypeScript BheScraper: POST form, the parameters, the field names, CantidadFilas
// per page, MAXFILAS=100 and a 0-based pagina_solicitada, formatMiles amounts, HTML entities in names, one assignment per line,
// TMB020a without pagina_solicitada), IDX-54665526464 (a Python descargar_boleta.py: the same CGI by GET, codigobarras and cod_comuna)
// and IDX-10948441913 (a PHP InformeBoletasRecibidas: GET with the same five parameters). Everything around the assignments is minimal.

export const BHE_RECIBIDAS_PATH = '/cgi_IMT/TMBCOC_InformeMensualBheRec.cgi';

/** Rows per page: the report's own `MAXFILAS=100` (IDX-57423460945); page i holds the month's rows [100 i, 100 i + 100). */
const MAXFILAS = 100;

/** Santiago's code for every boleta: peers only hand the value back to the page's ObtenerBoletaPdf (IDX-54665526464), and whose
 * comuna it is (the emisor's? where the service was given?) is in no source. */
const COD_COMUNA = '13101';

interface Consulta {
  rut: string;
  cuerpo: string;
  dv: string;
  anio: string;
  mes: string;
  pagina: number;
}

/** GET or POST (form-urlencoded; its fields over the URL's). The session comes first, as on the other portal pages. */
export function handleBheRecibidas(state: SiiFakeState, req: FakeRequest): FakeResponse {
  const consulta = leerConsulta(parametros(req));
  const session = portalSession(state, req, consulta?.rut);
  if (!session) return noAutenticado();
  if (!consulta) return errorTmb020a();
  if (session.rut && session.rut !== consulta.rut) return portalError(NO_AUTORIZADO);
  const boletas = bheDelMes(state, consulta.rut, Number(consulta.anio), Number(consulta.mes));
  const pagina = boletas.slice(consulta.pagina * MAXFILAS, (consulta.pagina + 1) * MAXFILAS);
  return portalHtml(informe(consulta, boletas.length, pagina));
}

function parametros(req: FakeRequest): URLSearchParams {
  const params = new URL(req.url, 'http://sii-fake.invalid').searchParams;
  if (req.method.toUpperCase() !== 'POST') return params;
  for (const [k, v] of new URLSearchParams((req.body ?? Buffer.alloc(0)).toString('latin1'))) params.set(k, v);
  return params;
}

/** Undefined for a parameter missing or malformed: the month in two digits, as the portal's form sends it (IDX-57423460945;
 * the PHP peer writes the month unpadded, whether the CGI takes that is unverified). */
function leerConsulta(q: URLSearchParams): Consulta | undefined {
  const [cuerpo, dv] = [q.get('rut_arrastre') ?? '', (q.get('dv_arrastre') ?? '').toUpperCase()];
  const [anio, mes, pagina] = [q.get('cbanoinformemensual') ?? '', q.get('cbmesinformemensual') ?? '', q.get('pagina_solicitada') ?? ''];
  const rut = /^\d{1,8}$/.test(cuerpo) && /^[\dK]$/.test(dv) ? normalizeRut(`${cuerpo}-${dv}`) : undefined;
  if (!rut || !/^\d{4}$/.test(anio) || !/^(0[1-9]|1[0-2])$/.test(mes) || !/^\d{1,6}$/.test(pagina)) return undefined;
  return { rut, cuerpo, dv, anio, mes, pagina: Number(pagina) };
}

/** Peers report TMB020a when pagina_solicitada is missing (IDX-57423460945); the stand-in gives it for any bad parameter. The
 * words around the code are the stand-in's. */
function errorTmb020a(): FakeResponse {
  return portalHtml('<html><head><title>SII</title></head><body><p class="textof">Error TMB020a: consulta no valida.</p></body></html>');
}

// Makes the page valid JS in a browser; the SII's own formatMiles is unpublished.
const FORMAT_MILES = 'function formatMiles(n, s) { return String(n).replace(/\\B(?=(\\d{3})+(?!\\d))/g, s); }';

function informe(c: Consulta, total: number, filas: BoletaHonorarios[]): string {
  const lineas = [
    FORMAT_MILES,
    'var xml_values = new Array();',
    'var arr_informe_mensual = new Array();',
    ...Object.entries({
      anio_consulta: c.anio,
      mes_consulta: c.mes,
      rut_arrastre: c.cuerpo,
      dv_arrastre: c.dv,
      total_boletas: String(total),
    }).map(([k, v]) => `xml_values['${k}'] = "${v}";`),
    `var MAXFILAS=${MAXFILAS};`,
    `CantidadFilas=${filas.length};`,
    ...filas.flatMap((b, i) => fila(b, i + 1)),
  ];
  return (
    '<html><head><meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1">' +
    '<title>Informe Mensual de Boletas de Honorarios Electr&oacute;nicas Recibidas</title>\n' +
    `<script language="JavaScript">\n${lineas.join('\n')}\n</script></head><body><table id="informe"></table></body></html>`
  );
}

/** Row n of the page (1..CantidadFilas on every page). Estado "N" is the only value the peer saw (vigente, fechaanulacion empty);
 * "A" with the voiding date for an anulada boleta is the stand-in's reading (IDX-57423460945 treats anything else, or a date, as void). */
function fila(b: BoletaHonorarios, n: number): string[] {
  const [cuerpo, dv] = b.emisor.split('-');
  const texto = (campo: string, valor: string) => `arr_informe_mensual['${campo}_${n}'] = "${valor}";`;
  const monto = (campo: string, valor: number) => `arr_informe_mensual['${campo}_${n}'] = formatMiles("${valor}",'.');`;
  return [
    texto('nroboleta', String(b.folio)),
    texto('rutemisor', cuerpo),
    texto('dvemisor', dv),
    texto('nombre_emisor', entidades(b.nombreEmisor)),
    texto('fecha_boleta', ddmmaaaa(b.fecha)),
    monto('totalhonorarios', b.bruto),
    monto('retencion_receptor', b.retencionReceptor),
    monto('honorariosliquidos', b.liquido),
    texto('estado', b.fechaAnulacion ? 'A' : 'N'),
    texto('fechaanulacion', b.fechaAnulacion ? ddmmaaaa(b.fechaAnulacion) : ''),
    texto('codigobarras', b.codigoBarras),
    texto('es_soc_profesional', b.sociedadProfesional ? 'SI' : 'NO'),
    texto('cod_comuna', COD_COMUNA),
  ];
}

function ddmmaaaa(fecha: string): string {
  const [y, m, d] = fecha.split('-');
  return `${d}/${m}/${y}`;
}

/** The named entities peers decode in the report's names (IDX-57423460945's table); any other character outside printable
 * ASCII, and the backslash (so the JS literal stays literal), as a numeric one; line breaks and tabs as spaces. */
const NOMBRADAS: Record<string, string> = {
  '&': 'amp',
  '<': 'lt',
  '>': 'gt',
  '"': 'quot',
  '\u00a0': 'nbsp',
  á: 'aacute',
  é: 'eacute',
  í: 'iacute',
  ó: 'oacute',
  ú: 'uacute',
  Á: 'Aacute',
  É: 'Eacute',
  Í: 'Iacute',
  Ó: 'Oacute',
  Ú: 'Uacute',
  ñ: 'ntilde',
  Ñ: 'Ntilde',
  ü: 'uuml',
  Ü: 'Uuml',
  º: 'ordm',
  ª: 'ordf',
  '°': 'deg',
};

function entidades(texto: string): string {
  return [...texto.replace(/[\t\r\n]+/g, ' ')]
    .map((ch) => {
      if (NOMBRADAS[ch]) return `&${NOMBRADAS[ch]};`;
      const code = ch.codePointAt(0) as number;
      return code < 0x20 || code > 0x7e || ch === '\\' ? `&#${code};` : ch;
    })
    .join('');
}
