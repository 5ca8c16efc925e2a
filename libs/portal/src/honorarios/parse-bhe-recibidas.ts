import { load } from 'cheerio';
import { fechaIso, rutCanonico } from '../carpeta/formats';

/** The page is not the monthly report of boletas de honorarios received (or not one this parser knows). */
export class BheParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BheParseError';
  }
}

/** A boleta de honorarios electrónica (BHE) as the receiver's monthly report lists it; amounts whole CLP, fecha YYYY-MM-DD. */
export interface BoletaHonorariosRecibida {
  folio: number;
  rut_emisor: string;
  nombre_emisor: string;
  fecha: string;
  honorario_bruto: number;
  /** What the receiver withholds (0 when the issuer pays the retention himself). */
  retencion_receptor: number;
  liquido: number;
  anulada: boolean;
  sociedad_profesional: boolean;
  /** The SII's key for the boleta's PDF (the folio is not). */
  codigo_barras: string;
}

/** One page of the report: the month's total and this page's rows (100 per page, `pagina_solicitada` 0-based). */
export interface PaginaBheRecibidas {
  anio: number;
  total_boletas: number;
  boletas: BoletaHonorariosRecibida[];
}

/** Rows per page of the report (its own `MAXFILAS=100`). */
export const BHE_FILAS_POR_PAGINA = 100;

/**
 * "Informe mensual de boletas de honorarios electrónicas recibidas" (loa.sii.cl `TMBCOC_InformeMensualBheRec.cgi`, docs/research/honorarios.md
 * §2): the CGI writes its data as JavaScript assignments, `xml_values['k'] = "v";` for the heading and
 * `arr_informe_mensual['campo_<n>'] = ...;` for row n of the page (a string, or `formatMiles("145000",'.')` for amounts), one per line.
 * @throws BheParseError without the heading (a session that ended, a maintenance page) or with a row it cannot read.
 */
export function parseBheRecibidas(html: string): PaginaBheRecibidas {
  const cabecera = asignaciones(html, 'xml_values');
  const [anioTexto, totalTexto] = [cabecera.get('anio_consulta') ?? '', cabecera.get('total_boletas') ?? ''];
  const anio = Number(anioTexto);
  const total = Number(totalTexto);
  if (!/^\d{4}$/.test(anioTexto) || anio < 2000 || !/^\d{1,6}$/.test(totalTexto)) {
    const texto = load(html)('body').text().replace(/\s+/g, ' ').trim().slice(0, 160);
    throw new BheParseError(`not the monthly report of boletas de honorarios received${texto ? ` (${texto})` : ''}`);
  }
  const filas = Number(/^\s*(?:var\s+)?CantidadFilas\s*=\s*(\d{1,3})\s*;/m.exec(html)?.[1] ?? 0);
  if (filas > BHE_FILAS_POR_PAGINA) throw new BheParseError(`a page of ${filas} rows: the report shows ${BHE_FILAS_POR_PAGINA}`);
  const campos = asignaciones(html, 'arr_informe_mensual');
  const boletas: BoletaHonorariosRecibida[] = [];
  for (let i = 1; i <= filas; i++) boletas.push(fila(campos, i));
  return { anio, total_boletas: total, boletas };
}

function fila(campos: Map<string, string>, i: number): BoletaHonorariosRecibida {
  const campo = (nombre: string) => (campos.get(`${nombre}_${i}`) ?? '').trim();
  const entero = (nombre: string) => {
    const v = campo(nombre).replace(/\./g, '');
    if (!/^\d{1,15}$/.test(v)) throw new BheParseError(`row ${i}: ${nombre} is not a whole number ("${campo(nombre).slice(0, 40)}")`);
    return Number(v);
  };
  const rut = rutCanonico(`${campo('rutemisor')}-${campo('dvemisor')}`);
  const fecha = fechaIso(campo('fecha_boleta'));
  if (!rut) throw new BheParseError(`row ${i}: not a RUT ("${campo('rutemisor')}-${campo('dvemisor')}")`);
  if (!fecha) throw new BheParseError(`row ${i}: fecha_boleta is not DD/MM/YYYY ("${campo('fecha_boleta')}")`);
  const folio = entero('nroboleta');
  if (folio === 0) throw new BheParseError(`row ${i}: folio 0`);
  return {
    folio,
    rut_emisor: rut,
    nombre_emisor: campo('nombre_emisor'),
    fecha,
    honorario_bruto: entero('totalhonorarios'),
    retencion_receptor: entero('retencion_receptor'),
    liquido: entero('honorariosliquidos'),
    // Only "N" (vigente) is seen in the peers' captures: any other estado, or a voiding date, is a voided boleta (§2).
    anulada: (campo('estado') !== '' && campo('estado') !== 'N') || campo('fechaanulacion') !== '',
    sociedad_profesional: campo('es_soc_profesional').toUpperCase() === 'SI',
    codigo_barras: campo('codigobarras'),
  };
}

/** `arreglo['clave'] = valor;` per line: a `formatMiles("…"` amount's digits, or a string literal with its HTML entities decoded. */
function asignaciones(html: string, arreglo: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = new RegExp(`^\\s*${arreglo}\\[\\s*'([^']+)'\\s*\\]\\s*=\\s*([^\\n\\r]*)`, 'gm');
  for (const m of html.matchAll(re)) {
    const monto = /formatMiles\(\s*"([^"]*)"/.exec(m[2]);
    // A JavaScript string literal: `\"` and `\\` are a quote and a backslash, not its end.
    const literal = /"((?:[^"\\]|\\.)*)"/.exec(m[2]);
    out.set(m[1], monto ? monto[1] : literal ? entidades(literal[1].replace(/\\(.)/g, '$1')) : '');
  }
  return out;
}

function entidades(texto: string): string {
  return texto.includes('&') ? load(`<p>${texto.replace(/</g, '&lt;')}</p>`)('p').text() : texto;
}
