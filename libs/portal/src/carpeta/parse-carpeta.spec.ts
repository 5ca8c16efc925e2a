import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CarpetaParseError, datosF29, parseCarpetaTributaria } from './parse-carpeta';

// Pages written by hand to the structure of the SII's carpeta page (ids, nested span.textof, <br> lists,
// Chilean formats, the empty-state texts; docs/research/sii-protocol.md §7), not taken from the sim.
const fixture = (name: string) => readFileSync(join(__dirname, '../../test/fixtures', name), 'utf8');

describe('parseCarpetaTributaria', () => {
  const carpeta = parseCarpetaTributaria(fixture('carpeta-completa.html'), { 2: fixture('f29-frame.html') });

  it('reads the header and the taxpayer data, dates as ISO and the RUT canonical', () => {
    expect(carpeta.encabezado).toEqual({
      nombre: 'COMERCIAL LOS ALERCES LIMITADA',
      rut: '76086428-5',
      fecha_generacion: '2026-11-03T16:45',
    });
    expect(carpeta.contribuyente).toEqual({
      fecha_inicio_actividades: '2015-03-02',
      actividades: [
        { codigo: '469000', descripcion: 'VENTA AL POR MAYOR NO ESPECIALIZADA' },
        { codigo: null, descripcion: 'VENTA AL POR MENOR DE ARTICULOS DE FERRETERIA EN COMERCIOS ESPECIALIZADOS' },
      ],
      categoria: 'Primera categoría',
      domicilio: 'AV LOS LEONES 1234 OF 56, PROVIDENCIA',
      sucursales: ['CALLE SUR 45, TEMUCO', 'RUTA 5 KM 1020, PUERTO MONTT'],
      ultimos_timbrajes: [
        { documento: 'FACTURA ELECTRONICA', fecha: '2026-10-28' },
        { documento: 'NOTA CREDITO ELECTRONICA', fecha: '2026-09-15' },
      ],
      observaciones: 'Contribuyente presenta término de giro pendiente.',
    });
  });

  it('reads representatives, the company formation and participations', () => {
    expect(carpeta.representantes_legales).toEqual([{ nombre: 'ANA MARÍA PÉREZ SOTO', rut: '11111111-1', fecha: '2015-03-02' }]);
    expect(carpeta.conformacion_sociedad).toEqual([
      { nombre: 'ANA MARÍA PÉREZ SOTO', rut: '11111111-1', fecha: '2015-03-02' },
      { nombre: 'INVERSIONES ÑUBLE SPA', rut: '77777777-7', fecha: '2020-01-10' },
    ]);
    expect(carpeta.participacion_en_sociedades).toEqual([
      { nombre: 'TRANSPORTES DEL SUR LIMITADA', rut: '96790240-3', fecha: '2018-06-05' },
    ]);
  });

  it('reads properties with and without a valuation, amounts as whole pesos', () => {
    expect(carpeta.propiedades).toEqual([
      {
        comuna: 'PROVIDENCIA',
        rol: '1234-56',
        direccion: 'AV LOS LEONES 1234 OF 56',
        destino: 'OFICINA',
        avaluo_fiscal: 85_432_100,
        cuotas_vencidas: false,
        cuotas_vigentes: true,
        condicion: 'AFECTO',
      },
      {
        comuna: 'TEMUCO',
        rol: '987-1',
        direccion: 'CALLE SUR 45',
        destino: 'BODEGA',
        avaluo_fiscal: null,
        cuotas_vencidas: null,
        cuotas_vigentes: null,
        condicion: 'EXENTO',
      },
    ]);
  });

  it('reads the honorarium months and their totals', () => {
    expect(carpeta.boletas_honorarios).toEqual({
      periodos: [
        { periodo: '2026-09', honorario_bruto: 1_200_000, retencion_terceros: 0, ppm_contribuyente: 163_800 },
        { periodo: '2026-10', honorario_bruto: 800_000, retencion_terceros: 109_200, ppm_contribuyente: 0 },
      ],
      totales: { honorario_bruto: 2_000_000, retencion_terceros: 109_200, ppm_contribuyente: 163_800 },
    });
  });

  it('reads F29 periods with and without a declaration, and the codes of a frame when given', () => {
    expect(carpeta.declaraciones_iva).toEqual([
      { periodo: '2026-10', declarada: false, formulario: null, campos: null },
      {
        periodo: '2026-09',
        declarada: true,
        formulario: expect.stringContaining('COD_FORM=F29&PERIODO=202609'),
        campos: { '03': '76086428-5', '07': '9001234567', '15': '202609', '538': '2508300', '511': '1812200', '91': '696100' },
      },
    ]);
  });

  it('reads F22 years with their rows, and a year without a declaration', () => {
    expect(carpeta.declaraciones_renta).toEqual([
      {
        anio_tributario: 2026,
        filas: [
          { codigo: '628', concepto: 'Ingresos del giro percibidos o devengados', valor: '152.300.000' },
          { codigo: '18', concepto: 'Impuesto primera categoría', valor: '4.112.100' },
        ],
      },
      { anio_tributario: 2025, filas: [] },
    ]);
  });

  it('answers nulls and empty lists for a carpeta whose sections are empty', () => {
    const vacia = parseCarpetaTributaria(fixture('carpeta-vacia.html'));
    expect(vacia.contribuyente).toEqual({
      fecha_inicio_actividades: null,
      actividades: [],
      categoria: null,
      domicilio: null,
      sucursales: [],
      ultimos_timbrajes: [],
      observaciones: 'No tiene observaciones.',
    });
    expect(vacia).toMatchObject({
      representantes_legales: [],
      conformacion_sociedad: [],
      participacion_en_sociedades: [],
      propiedades: [],
      boletas_honorarios: { periodos: [], totales: null },
      declaraciones_iva: [{ periodo: '2026-10', declarada: false, formulario: null, campos: null }],
      declaraciones_renta: [],
    });
  });

  it('refuses a page that is not a carpeta with a clear reason', () => {
    expect(() => parseCarpetaTributaria('<html><body>NO ESTA AUTENTICADO</body></html>')).toThrow(CarpetaParseError);
    expect(() => parseCarpetaTributaria('<html><body>NO ESTA AUTENTICADO</body></html>')).toThrow(/not a carpeta tributaria/);
  });

  it('datosF29 answers null for a frame without a datos object', () => {
    expect(datosF29('<html><body>- No se registra declaración para este período -</body></html>')).toBeNull();
  });
});
