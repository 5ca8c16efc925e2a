import { escapeXml, formatPesos as miles } from '@lib/dte';
import type { Contribuyente } from './taxpayers';
import { prng } from './taxpayers';
import { splitRut } from '@lib/rut';

/** docs/research/sii-protocol.md §7. */
export const SIN_F29_PATH = '/dii_doc/carpeta_tributaria/html/cte_mensaje_sin_f29_p.htm';
export const F29_PAGE = 'CONCVF_VerFormulario.cgi';

const MESES = ['ENERO', 'FEBRERO', 'MARZO', 'ABRIL', 'MAYO', 'JUNIO', 'JULIO', 'AGOSTO', 'SEPTIEMBRE', 'OCTUBRE', 'NOVIEMBRE', 'DICIEMBRE'];

const td = (text: string, attrs = '') => `<td${attrs}><span class="textof">${escapeXml(text)}</span></td>`;
const esEmpresa = (rut: string) => splitRut(rut).body >= 50_000_000;

function periodoAtras(now: Date, back: number): { yyyymm: string; label: string } {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return {
    yyyymm: `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`,
    label: `${MESES[d.getUTCMonth()]} ${d.getUTCFullYear()}`,
  };
}

/** One property for a company, the empty state for a person (docs/research/sii-protocol.md §7: 8 columns, Chilean avalúo, cuotas SI/NO). */
export function propiedadesHtml(c: Contribuyente): string {
  if (!esEmpresa(c.rut)) {
    return '<table id="tbl_propiedades"><tbody><tr><td colspan="8"><span class="textof">- No se registra información para este RUT -</span></td></tr></tbody></table>';
  }
  const rnd = prng(`propiedades:${c.rut}`);
  const rol = `${100 + Math.floor(rnd() * 9000)}-${1 + Math.floor(rnd() * 300)}`;
  const avaluo = 20_000_000 + Math.floor(rnd() * 400_000) * 100;
  const header = [
    'Comuna',
    'Rol',
    'Dirección',
    'Destino',
    'Avalúo Fiscal',
    'Cuotas vencidas por pagar',
    'Cuotas vigentes por pagar',
    'Condición',
  ];
  return (
    '<table id="tbl_propiedades"><tbody>' +
    `<tr class="td_tbl_background centeralign">${header.map((h) => td(h)).join('')}</tr>` +
    `<tr>${td(c.comuna.toUpperCase())}${td(rol)}${td(c.direccion.toUpperCase())}${td('COMERCIO')}${td(miles(avaluo), ' class="rightalign"')}${td('NO')}${td(rnd() < 0.5 ? 'SI' : 'NO')}${td('PROPIETARIO')}</tr>` +
    '</tbody></table>'
  );
}

export function boletasHtml(c: Contribuyente, now: Date): string {
  if (esEmpresa(c.rut)) {
    return '<table id="tbl_boletase"><tbody><tr><td colspan="4"><span class="textof">- No se registran Boletas de Honorarios Electrónicas emitidas en los últimos 12 meses -</span></td></tr></tbody></table>';
  }
  const rnd = prng(`boletas:${c.rut}`);
  const filas = [2, 1].map((back) => {
    const bruto = 300_000 + Math.floor(rnd() * 20) * 50_000;
    return { label: periodoAtras(now, back).label, bruto, retencion: 0, ppm: Math.round(bruto * 0.1375) };
  });
  const total = filas.reduce((a, f) => ({ bruto: a.bruto + f.bruto, retencion: 0, ppm: a.ppm + f.ppm }), {
    bruto: 0,
    retencion: 0,
    ppm: 0,
  });
  const fila = (label: string, f: { bruto: number; retencion: number; ppm: number }) =>
    `<tr>${td(label)}${[f.bruto, f.retencion, f.ppm].map((n) => td(miles(n), ' class="rightalign"')).join('')}</tr>`;
  return (
    '<table id="tbl_boletase"><tbody>' +
    `<tr class="td_tbl_background centeralign">${['Períodos', 'Honorario bruto', 'Retención de terceros', 'PPM de contribuyente'].map((h) => td(h)).join('')}</tr>` +
    filas.map((f) => fila(f.label, f)).join('') +
    fila('Totales', total) +
    '</tbody></table>'
  );
}

/** Last three periods, newest first: the latest without a declaration ("sin F29" frame), two with F29 frames. */
export function ivaHtml(rut: string, now: Date): string {
  const parts = splitRut(rut);
  const [cuerpo, dv] = [String(parts.body), parts.dv];
  const periodos = [1, 2, 3].map((back, i) => {
    const p = periodoAtras(now, back);
    const n = i + 1;
    const src =
      back === 1
        ? SIN_F29_PATH
        : `${F29_PAGE}?CODINT=9${cuerpo.slice(-5)}${n}&amp;COD_FORM=F29&amp;PERIODO=${p.yyyymm}&amp;USUARIO=0&amp;RUT_ORIGEN=${cuerpo}&amp;DV_ORIGEN=${dv}&amp;TIPO_FORM=VC&amp;CARTRIB=1`;
    return (
      `<input type="hidden" name="hp_iva_${n}" id="hp_iva_${n}" value="${p.label}">` +
      `<input type="hidden" name="hc_iva_${n}" id="hc_iva_${n}" value="${n} / 24">` +
      `<iframe id="hn_iva_${n}" frameborder="0" width="0" height="0" src="${src}" name=""></iframe>`
    );
  });
  return (
    '<div id="marca_IVA" class="wide_div"><input type="hidden" id="tiene_iva" name="tiene_iva" value="1">' +
    '<table id="tbl_iva"><tbody><tr><td colspan="2"><span class="textof"><b>Declaraciones de IVA (F29)</b></span></td></tr></tbody></table>' +
    periodos.join('') +
    '</div>'
  );
}

/** The JS `datos` object's codes (docs/research/sii-protocol.md §7: 03 RUT, 07 folio, 15 period, 91 total). */
export function f29Html(rut: string, periodo: string, razonSocial: string): string {
  const rnd = prng(`f29:${rut}:${periodo}`);
  const debito = Math.round((1_000_000 + Math.floor(rnd() * 49_000) * 1000) * 0.19);
  const credito = Math.round(debito * (0.5 + rnd() * 0.4));
  const datos = {
    campos: {
      '03': rut,
      '07': String(9_000_000_000 + Math.floor(rnd() * 999_999_999)),
      '15': periodo,
      '538': String(debito),
      '511': String(credito),
      '91': String(debito - credito),
    },
    extras: { nombre: razonSocial.toUpperCase() },
  };
  return `<html><head><script type="text/javascript">\nvar datos = ${JSON.stringify(datos)};\n</script></head><body><div id="formulario"></div></body></html>`;
}

export function sinF29Html(): string {
  return '<html><body><p class="centeralign"><span class="textof">- No se registra declaración para este período -</span></p></body></html>';
}

/** Two tax years: the latest declared (codes 628, 18), the one before not. */
export function rentaHtml(rut: string, now: Date): string {
  const rnd = prng(`f22:${rut}`);
  const at = now.getUTCFullYear();
  const ingresos = (50_000 + Math.floor(rnd() * 200_000)) * 1000;
  const fila = (codigo: string, concepto: string, valor: number) =>
    `<tr>${td(codigo)}${td(concepto)}${td(miles(valor), ' class="rightalign"')}</tr>`;
  return (
    '<div id="marca_RENTA" class="wide_div"><input type="hidden" id="tiene_renta" name="tiene_renta" value="1"><table id="tbl_renta"><tbody>' +
    `<tr><td colspan="2"><span class="textof"><b>Declaraciones de Renta (F22)</b></span></td></tr>` +
    `<tr class="td_tbl_background centeralign">${td(`Año Tributario ${at}`)}${td('1 / 3')}</tr>` +
    `<tr><td colspan="2"><div id="n_renta_1" class="div_int"><table><tbody>${fila('628', 'Ingresos del giro percibidos o devengados', ingresos)}${fila('18', 'Impuesto primera categoría', Math.round(ingresos * 0.027))}</tbody></table></div></td></tr>` +
    `<tr class="td_tbl_background centeralign">${td(`Año Tributario ${at - 1}`)}${td('2 / 3')}</tr>` +
    '<tr><td colspan="2"><div id="n_renta_2" class="div_int"><p class="centeralign"><span class="textof">- No se registra declaración para este período -</span></p></div></td></tr>' +
    '</tbody></table></div>'
  );
}
