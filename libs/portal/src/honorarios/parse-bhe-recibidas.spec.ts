import { BheParseError, parseBheRecibidas } from './parse-bhe-recibidas';

// The report's shape as public peers read it (docs/research/honorarios.md §2): assignments in the page's script, one per line.
const fila = (i: number, f: Record<string, string>) =>
  Object.entries(f)
    .map(
      ([k, v]) =>
        `arr_informe_mensual['${k}_${i}'] = ${/^(totalhonorarios|retencion_receptor|honorariosliquidos)$/.test(k) ? `formatMiles("${v}",'.')` : `"${v}"`};`,
    )
    .join('\n');
const BOLETA = {
  nroboleta: '123',
  rutemisor: '12345678',
  dvemisor: '5',
  nombre_emisor: 'JUAN P&Eacute;REZ &amp; ASOCIADOS',
  fecha_boleta: '05/10/2026',
  totalhonorarios: '145000',
  retencion_receptor: '22113',
  honorariosliquidos: '122887',
  estado: 'N',
  fechaanulacion: '',
  codigobarras: '123456785000123ABCDE',
  es_soc_profesional: 'NO',
  cod_comuna: '13101',
};
const pagina = (total: number, filas: string[]) => `<html><head><script language="JavaScript">
xml_values['anio_consulta'] = "2026";
xml_values['mes_consulta'] = "10";
xml_values['total_boletas'] = "${total}";
var MAXFILAS=100;
CantidadFilas=${filas.length};
${filas.join('\n')}
</script></head><body><table id="informe"></table></body></html>`;

describe('parseBheRecibidas', () => {
  it('reads the heading and each row: canonical RUT, ISO date, whole pesos, names with their entities decoded', () => {
    const out = parseBheRecibidas(
      pagina(2, [
        fila(1, BOLETA),
        fila(2, { ...BOLETA, nroboleta: '124', estado: 'A', fechaanulacion: '07/10/2026', es_soc_profesional: 'SI' }),
      ]),
    );
    expect(out.anio).toBe(2026);
    expect(out.total_boletas).toBe(2);
    expect(out.boletas[0]).toEqual({
      folio: 123,
      rut_emisor: '12345678-5',
      nombre_emisor: 'JUAN PÉREZ & ASOCIADOS',
      fecha: '2026-10-05',
      honorario_bruto: 145_000,
      retencion_receptor: 22_113,
      liquido: 122_887,
      anulada: false,
      sociedad_profesional: false,
      codigo_barras: '123456785000123ABCDE',
    });
    expect(out.boletas[1]).toMatchObject({ folio: 124, anulada: true, sociedad_profesional: true });
  });

  it('keeps a semicolon inside a name (the value ends at the end of the line, the quotes delimit it)', () => {
    const out = parseBheRecibidas(pagina(1, [fila(1, { ...BOLETA, nombre_emisor: 'SOC. GARC&Iacute;A &amp; CIA; LTDA' })]));
    expect(out.boletas[0].nombre_emisor).toBe('SOC. GARCÍA & CIA; LTDA');
  });

  it('reads an empty month, and a later page whose rows are numbered from 1 again', () => {
    expect(parseBheRecibidas(pagina(0, []))).toEqual({ anio: 2026, total_boletas: 0, boletas: [] });
    expect(parseBheRecibidas(pagina(101, [fila(1, { ...BOLETA, nroboleta: '901' })])).boletas.map((b) => b.folio)).toEqual([901]);
  });

  it('reads a name with an escaped quote, and only assignments that start a line', () => {
    const html = pagina(1, [fila(1, { ...BOLETA, nombre_emisor: 'JUAN \\"EL REY\\" P&Eacute;REZ' })]).replace(
      '<body>',
      '<body>// CantidadFilas=99;',
    );
    expect(parseBheRecibidas(html).boletas.map((b) => b.nombre_emisor)).toEqual(['JUAN "EL REY" PÉREZ']);
  });

  it.each([
    [
      'a total that is not a count',
      pagina(1, [fila(1, BOLETA)]).replace(`total_boletas'] = "1"`, `total_boletas'] = "1e9"`),
      /not the monthly report/,
    ],
    ['an amount of 400 digits', pagina(1, [fila(1, { ...BOLETA, totalhonorarios: '9'.repeat(400) })]), /row 1: totalhonorarios/],
    ['folio 0', pagina(1, [fila(1, { ...BOLETA, nroboleta: '0' })]), /row 1: folio 0/],
    [
      'a page without the heading (a session that ended)',
      '<html><body>NO ESTA AUTENTICADO</body></html>',
      /not the monthly report.*NO ESTA AUTENTICADO/,
    ],
    ['the CGI error without pagina_solicitada', '<html><body>Error TMB020a</body></html>', /TMB020a/],
    ['a fractional amount', pagina(1, [fila(1, { ...BOLETA, totalhonorarios: '145000,5' })]), /row 1: totalhonorarios/],
    ['a bad RUT', pagina(1, [fila(1, { ...BOLETA, dvemisor: '4' })]), /row 1: not a RUT/],
    ['a bad date', pagina(1, [fila(1, { ...BOLETA, fecha_boleta: '2026-10-05' })]), /row 1: fecha_boleta/],
    ['a row announced and missing', pagina(2, [fila(1, BOLETA)]).replace('CantidadFilas=1', 'CantidadFilas=2'), /row 2/],
  ])('refuses %s with BheParseError', (_label, html, message) => {
    expect(() => parseBheRecibidas(html)).toThrow(BheParseError);
    expect(() => parseBheRecibidas(html)).toThrow(message);
  });
});
