import { sampleDocumento } from '../../test/fixtures';
import { buildDte } from '../builders/documento';
import { parseDteDocuments, type ParsedDetalle } from '../parsers/received';
import { ajustesLinea, filasPago, filasTotales, leyendaTimbre } from './secciones';

const TED = '<TED version="1.0"><DD><RE>76086428-5</RE></DD><FRMT algoritmo="SHA1withRSA">AAAA</FRMT></TED>';
const parsed = (over: Parameters<typeof sampleDocumento>[0]) =>
  parseDteDocuments(buildDte(sampleDocumento(over), TED, '2025-03-10T11:22:33'))[0];

describe('what the printed DTE says', () => {
  it.each([
    [1, 'Contado'],
    [2, 'Crédito'],
    [3, 'Sin costo (entrega gratuita)'],
  ] as const)('prints FmaPago %i as "%s"', (forma_pago, texto) => {
    expect(filasPago(parsed({ forma_pago }))).toEqual([['Forma de pago', texto]]);
  });

  it('prints neither forma de pago nor vencimiento when the DTE has none', () => {
    expect(filasPago(parsed({ forma_pago: undefined }))).toEqual([]);
  });

  it('names each global entry by TpoMov and IndExeDR, ValorDR as a percent or CLP', () => {
    const dte = parsed({
      tipo_dte: 34,
      detalle: [{ nombre: 'Asesoría', cantidad: 1, precio_unitario: 100_000 }],
      descuentos_recargos: [
        { tipo: 'D', unidad: '%', valor: '12.5', aplica: 'exento' },
        { tipo: 'R', unidad: '$', valor: 1500, aplica: 'exento', glosa: 'Despacho' },
      ],
    });
    expect(filasTotales(dte).slice(0, 2)).toEqual([
      { label: 'Descuento global exento', value: '12,5%' },
      { label: 'Recargo global exento (Despacho)', value: '$ 1.500' },
    ]);
    expect(filasTotales(dte).at(-1)).toEqual({ label: 'Total', value: '$ 89.000', bold: true });
  });

  it('prints a factura de compra 46 retention as subtracted, and the IVA not retained', () => {
    const dte = parsed({
      tipo_dte: 46,
      detalle: [
        { nombre: 'Trigo', cantidad: 1000, precio_unitario: 250, codigo_impuesto_adicional: 34 },
        { nombre: 'Flete', cantidad: 1, precio_unitario: 10_000 },
      ],
    });
    expect(filasTotales(dte)).toEqual([
      { label: 'Monto neto', value: '$ 260.000', bold: false },
      { label: 'IVA 19%', value: '$ 49.400', bold: false },
      { label: 'IVA retenido 34 4%', value: '-$ 10.000' },
      { label: 'IVA no retenido', value: '$ 39.400', bold: false },
      { label: 'Total', value: '$ 299.400', bold: true },
    ]);
  });

  it('prints a line percent without an amount, and nothing for a line without adjustments', () => {
    const linea = { descuento_pct: 5, recargo_monto: 1200 } as ParsedDetalle;
    expect(ajustesLinea(linea)).toEqual(['Desc. 5%', 'Rec.: 1.200']);
    expect(ajustesLinea({} as ParsedDetalle)).toEqual([]);
  });

  it('writes the legend under the timbre with the year of the resolution', () => {
    expect(leyendaTimbre({ fecha: '2014-08-22', numero: 80 })).toEqual([
      'Timbre Electrónico SII',
      'Res. 80 de 2014',
      'Verifique documento: www.sii.cl',
    ]);
  });
});
