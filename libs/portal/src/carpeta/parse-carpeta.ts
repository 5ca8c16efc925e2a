import { load, type CheerioAPI } from 'cheerio';
import type { AnyNode } from 'domhandler';
import type {
  BoletasPeriodo,
  CarpetaTributaria,
  DeclaracionIva,
  DeclaracionRenta,
  PersonaCarpeta,
  PropiedadCarpeta,
} from './carpeta.types';
import { fechaIso, fechaHoraIso, montoClp, periodoIso, rutCanonico, siNo } from './formats';

/** The page is not a Carpeta Tributaria Electrónica (or not one this parser knows). */
export class CarpetaParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CarpetaParseError';
  }
}

/** docs/research/sii-protocol.md §7. */
const VACIO = /^-\s*No (se registra|existen|tiene)/i;

/**
 * The `cte` frame as the SII renders it (docs/research/sii-protocol.md §7); `frames`: F29 frames' HTML by number, whose `datos` fill `campos`.
 * @throws CarpetaParseError without header and taxpayer table.
 */
export function parseCarpetaTributaria(html: string, frames: Record<number, string> = {}): CarpetaTributaria {
  const $ = load(html);
  if ($('#tbl_encabezado').length === 0 || $('#tbl_dbcontribuyente').length === 0) {
    throw new CarpetaParseError('not a carpeta tributaria: no #tbl_encabezado and #tbl_dbcontribuyente tables');
  }
  const sociedades = personas($);
  return {
    encabezado: encabezado($),
    contribuyente: contribuyente($),
    representantes_legales: sociedades.get('representante') ?? [],
    conformacion_sociedad: sociedades.get('conformacion') ?? [],
    participacion_en_sociedades: sociedades.get('participacion') ?? [],
    propiedades: propiedades($),
    boletas_honorarios: boletas($),
    declaraciones_iva: declaracionesIva($, frames),
    declaraciones_renta: declaracionesRenta($),
  };
}

function lineas($: CheerioAPI, el: AnyNode | undefined): string[] {
  if (!el) return [];
  const copy = $(el).clone();
  copy.find('br').replaceWith('\n');
  return copy
    .text()
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

function texto($: CheerioAPI, el: AnyNode | undefined): string {
  return lineas($, el).join(' ');
}

function orNull(s: string): string | null {
  return s === '' || VACIO.test(s) ? null : s;
}

function encabezado($: CheerioAPI): CarpetaTributaria['encabezado'] {
  const rows = $('#tbl_encabezado tr').toArray();
  const valor = (label: RegExp) => {
    const row = rows.find((r) => label.test(texto($, $(r).find('td').get(0))));
    return texto($, row ? $(row).find('td').get(1) : undefined);
  };
  return {
    nombre: texto($, $('#td_nombre').get(0)),
    rut: rutCanonico(texto($, $('#td_rut').get(0))) ?? texto($, $('#td_rut').get(0)),
    fecha_generacion: fechaHoraIso(valor(/Fecha de generaci/i)),
  };
}

function contribuyente($: CheerioAPI): CarpetaTributaria['contribuyente'] {
  const sucursalesRow = $('#tbl_dbcontribuyente tr')
    .toArray()
    .find((r) => /Sucursales/i.test(texto($, $(r).find('td').get(0))));
  const nombres = lineas($, $('#td_tim_nombre').get(0));
  const fechas = lineas($, $('#td_tim_fecha').get(0));
  return {
    fecha_inicio_actividades: fechaIso(texto($, $('#td_fecha_inicio').get(0))),
    actividades: lineas($, $('#td_actividades').get(0)).map((l) => {
      const m = /^(\d{5,6})\s*[-–]?\s*(.+)$/.exec(l);
      return m ? { codigo: m[1], descripcion: m[2] } : { codigo: null, descripcion: l };
    }),
    categoria: orNull(texto($, $('#td_categoria').get(0))),
    domicilio: orNull(texto($, $('#td_domicilio').get(0))),
    sucursales: lineas($, sucursalesRow ? $(sucursalesRow).find('td').get(1) : undefined).filter((l) => !VACIO.test(l)),
    ultimos_timbrajes: nombres.map((documento, i) => ({ documento, fecha: fechaIso(fechas[i] ?? '') })),
    observaciones: orNull(texto($, $('#td_observaciones').get(0))),
  };
}

/** Keyed by their label's first word. */
function personas($: CheerioAPI): Map<string, PersonaCarpeta[]> {
  const out = new Map<string, PersonaCarpeta[]>();
  let seccion: string | undefined;
  for (const row of $('#tbl_sociedades tr').toArray()) {
    const cells = $(row).children('td').toArray();
    const label = texto($, cells[0]);
    if (/Representante/i.test(label)) seccion = 'representante';
    else if (/Conformaci/i.test(label)) seccion = 'conformacion';
    else if (/Participaci/i.test(label)) seccion = 'participacion';
    if (!seccion || cells.length !== 4) continue;
    const nombre = texto($, cells[1]);
    if (!nombre || VACIO.test(nombre) || /Nombre o Raz/i.test(nombre)) continue;
    const rut = texto($, cells[2]);
    out.set(seccion, [...(out.get(seccion) ?? []), { nombre, rut: rutCanonico(rut), fecha: fechaIso(texto($, cells[3])) }]);
  }
  return out;
}

function propiedades($: CheerioAPI): PropiedadCarpeta[] {
  return $('#tbl_propiedades tr')
    .toArray()
    .map((r) => $(r).children('td').toArray())
    .filter((cells) => cells.length === 8 && !/^Comuna$/i.test(texto($, cells[0])))
    .map((cells) => {
      const t = cells.map((c) => texto($, c));
      return {
        comuna: t[0],
        rol: t[1],
        direccion: t[2],
        destino: orNull(t[3]),
        avaluo_fiscal: montoClp(t[4]),
        cuotas_vencidas: siNo(t[5]),
        cuotas_vigentes: siNo(t[6]),
        condicion: orNull(t[7]),
      };
    });
}

function boletas($: CheerioAPI): CarpetaTributaria['boletas_honorarios'] {
  const rows = $('#tbl_boletase tr')
    .toArray()
    .map((r) => $(r).children('td').toArray())
    .filter((cells) => cells.length === 4 && !/^Per[ií]odos?$/i.test(texto($, cells[0])));
  const periodo = (cells: AnyNode[]): BoletasPeriodo => ({
    periodo: periodoIso(texto($, cells[0])) ?? texto($, cells[0]),
    honorario_bruto: montoClp(texto($, cells[1])),
    retencion_terceros: montoClp(texto($, cells[2])),
    ppm_contribuyente: montoClp(texto($, cells[3])),
  });
  const total = rows.find((cells) => /^Totales?$/i.test(texto($, cells[0])));
  const totales = total ? (({ periodo: _p, ...rest }) => rest)(periodo(total)) : null;
  return { periodos: rows.filter((cells) => cells !== total).map(periodo), totales };
}

function declaracionesIva($: CheerioAPI, frames: Record<number, string>): DeclaracionIva[] {
  return $('#marca_IVA input[id^="hp_iva_"]')
    .toArray()
    .map((input) => {
      const n = Number(($(input).attr('id') ?? '').replace('hp_iva_', ''));
      const src = $(`#hn_iva_${n}`).attr('src') ?? null;
      const declarada = !!src && /COD_FORM=F29/i.test(src);
      const periodoParam = src ? /PERIODO=(\d{4})(\d{2})/.exec(src) : null;
      const periodo = periodoParam ? `${periodoParam[1]}-${periodoParam[2]}` : (periodoIso($(input).attr('value') ?? '') ?? '');
      return { periodo, declarada, formulario: declarada ? src : null, campos: frames[n] ? datosF29(frames[n]) : null };
    });
}

/** `var datos = {campos: {"<code>": value}, ...}` (docs/research/sii-protocol.md §7), values as written. */
export function datosF29(html: string): Record<string, string> | null {
  const m = /datos\s*=\s*(\{[\s\S]*?\})\s*;\s*(?:<\/script>|$|\n)/.exec(html);
  if (!m) return null;
  try {
    const parsed = JSON.parse(m[1]) as { campos?: Record<string, unknown> };
    return Object.fromEntries(Object.entries(parsed.campos ?? {}).map(([k, v]) => [k, String(v)]));
  } catch {
    return null;
  }
}

function declaracionesRenta($: CheerioAPI): DeclaracionRenta[] {
  const out: DeclaracionRenta[] = [];
  let actual: DeclaracionRenta | undefined;
  for (const row of $('#marca_RENTA #tbl_renta tr').toArray()) {
    const cells = $(row).children('td').toArray();
    const anio = /A[ñn]o Tributario\s+(\d{4})/i.exec(texto($, cells[0]));
    if (anio) {
      actual = { anio_tributario: Number(anio[1]), filas: [] };
      out.push(actual);
      continue;
    }
    for (const fila of $(row).find('[id^="n_renta_"] tr').toArray()) {
      const c = $(fila)
        .children('td')
        .toArray()
        .map((x) => texto($, x));
      if (actual && c.length === 3 && /^\d+$/.test(c[0])) actual.filas.push({ codigo: c[0], concepto: c[1], valor: c[2] });
    }
  }
  return out;
}
