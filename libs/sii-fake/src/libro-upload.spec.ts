import {
  buildLibroCompraVenta,
  detalleLibroComprasSet,
  encodeLatin1,
  parseLibroComprasSet,
  parseXmlDocument,
  type LibroDetalleInput,
  type LibroInput,
} from '@lib/dte';
import { makeTestCertificate, signXml } from '../test/helpers';
import { EMISOR, caratulaLibro } from '../test/envio';
import { judgeLibro } from './libro-upload';
import { setBasico } from './set-pruebas';

// The stand-in's book rules (LibroCV_v10.xsd annotations), judged on books the gateway's builder writes and on copies
// edited by hand before signing: the edits are what an issuer with another formula would upload.
const cert = makeTestCertificate('12345678-5');

const factura = (folio: number, neto: number, iva: number, parte: Partial<LibroDetalleInput> = {}): LibroDetalleInput => ({
  tipoDoc: 33,
  folio,
  fecha: '2026-10-03',
  rut: '96874030-K',
  razonSocial: 'Proveedor SA',
  exento: 0,
  neto,
  iva,
  total: neto + iva,
  ...parte,
});

const compra: LibroInput = {
  id: 'LIBRO_1',
  caratula: caratulaLibro(cert.rut, 'COMPRA'),
  detalle: [
    factura(501, 10000, 1900, { ivaNoRecuperable: [{ codigo: 1, monto: 1900 }] }),
    // 1300 × 0.575 = 747.5: the credit is 748, halves up (binary floats say 747.4999...).
    factura(502, 6842, 1300, { ivaUsoComun: 1300 }),
    factura(503, 5000, 950, { otrosImpuestos: [{ codigo: 27, tasa: 10, monto: 500 }], total: 6450 }),
    factura(504, 16842, 3200, {
      ivaNoRecuperable: [
        { codigo: 3, monto: 400 },
        { codigo: 1, monto: 500 },
      ],
    }),
  ],
  factorProporcionalidad: 0.575,
  tmstFirma: '2026-11-01T10:00:00',
};

async function judge(xml: string) {
  const signed = signXml(xml, cert, '#LIBRO_1');
  return judgeLibro(encodeLatin1(signed), signed, parseXmlDocument(signed), cert.rut, EMISOR);
}

/** `xml` with `from` replaced by `to`; fails when `from` is not there (the edit would test nothing). */
function edit(xml: string, from: string, to: string): string {
  expect(xml).toContain(from);
  return xml.replace(from, to);
}

describe('judgeLibro: a purchases book (LC)', () => {
  const libro = buildLibroCompraVenta(compra);

  it('ends a book whose totals follow from its lines in LOK, with the credit rounded half up', async () => {
    expect(libro).toContain('<TotIVAUsoComun>1300</TotIVAUsoComun><FctProp>0.575</FctProp><TotCredIVAUsoComun>748</TotCredIVAUsoComun>');
    expect(await judge(libro)).toEqual({ finalState: 'LOK' });
  });

  it('refuses MntIVA as the whole IVA when TotMntIVA is the recoverable IVA (the lines must add up)', async () => {
    const whole = libro.replace(/(<NroDoc>501<\/NroDoc>.*?)<MntIVA>0<\/MntIVA>/, '$1<MntIVA>1900</MntIVA>');
    expect(whole).not.toBe(libro);
    expect(await judge(whole)).toEqual({
      finalState: 'LRH',
      rejection: 'Libro No Cuadrado: TpoDoc 33: TotMntIVA 3250 distinto de la suma 5150',
    });
  });

  it('refuses a TotCredIVAUsoComun other than TotIVAUsoComun × FctProp to the peso, or one without the other', async () => {
    const float = edit(libro, '<TotCredIVAUsoComun>748<', '<TotCredIVAUsoComun>747<');
    expect(await judge(float)).toEqual({
      finalState: 'LRH',
      rejection: 'Libro No Cuadrado: TpoDoc 33: TotCredIVAUsoComun 747 distinto de TotIVAUsoComun 1300 x FctProp 0.575 = 748',
    });
    const sinFactor = edit(libro, '<FctProp>0.575</FctProp>', '');
    expect((await judge(sinFactor)) as { rejection: string }).toMatchObject({
      rejection: expect.stringContaining('FctProp y TotCredIVAUsoComun'),
    });
    const sinFactorNiCredito = edit(sinFactor, '<TotCredIVAUsoComun>748</TotCredIVAUsoComun>', '');
    expect(await judge(sinFactorNiCredito)).toEqual({ finalState: 'LOK' });
  });

  it('refuses a TotIVAUsoComun or TotOpIVAUsoComun other than its lines', async () => {
    const total = edit(libro, '<TotIVAUsoComun>1300<', '<TotIVAUsoComun>1301<');
    expect(await judge(total)).toMatchObject({ rejection: 'Libro No Cuadrado: TpoDoc 33: TotIVAUsoComun 1301 distinto de la suma 1300' });
    const ops = edit(libro, '<TotOpIVAUsoComun>1<', '<TotOpIVAUsoComun>2<');
    expect(await judge(ops)).toMatchObject({ rejection: 'Libro No Cuadrado: TpoDoc 33: TotOpIVAUsoComun 2 y 1 detalles' });
  });

  it('refuses a TotIVANoRec whose amount or operations differ from its code in the lines, or a code on one side only', async () => {
    const tot1 =
      '<TotIVANoRec><CodIVANoRec>1</CodIVANoRec><TotOpIVANoRec>2</TotOpIVANoRec><TotMntIVANoRec>2400</TotMntIVANoRec></TotIVANoRec>';
    expect(libro).toContain(tot1);
    expect(await judge(edit(libro, tot1, tot1.replace('2400', '2300')))).toMatchObject({
      rejection: 'Libro No Cuadrado: TpoDoc 33: TotMntIVANoRec (CodIVANoRec 1) 2300 distinto de la suma 2400',
    });
    expect(await judge(edit(libro, tot1, tot1.replace('<TotOpIVANoRec>2<', '<TotOpIVANoRec>1<')))).toMatchObject({
      rejection: 'Libro No Cuadrado: TpoDoc 33: TotOpIVANoRec (CodIVANoRec 1) 1 y 2 detalles',
    });
    // Code 3 in a line but its total reported under code 9.
    const tot3 = '<TotIVANoRec><CodIVANoRec>3</CodIVANoRec>';
    expect(await judge(edit(libro, tot3, '<TotIVANoRec><CodIVANoRec>9</CodIVANoRec>'))).toMatchObject({
      rejection: 'Libro No Cuadrado: TpoDoc 33: TotMntIVANoRec (CodIVANoRec 9) 400 distinto de la suma 0',
    });
  });

  it('refuses a TotOtrosImp other than the sum of the lines’ OtrosImp of its code', async () => {
    const tot = '<TotOtrosImp><CodImp>27</CodImp><TotMntImp>500</TotMntImp></TotOtrosImp>';
    expect(await judge(edit(libro, tot, tot.replace('500', '499')))).toMatchObject({
      rejection: 'Libro No Cuadrado: TpoDoc 33: TotMntImp (CodImp 27) 499 distinto de la suma 500',
    });
    expect(await judge(edit(libro, tot, ''))).toMatchObject({
      rejection: 'Libro No Cuadrado: TpoDoc 33: TotMntImp (CodImp 27) 0 distinto de la suma 500',
    });
  });

  it('ends the SET LIBRO DE COMPRAS book of the certification set in LOK', async () => {
    const set = parseLibroComprasSet(setBasico(EMISOR));
    if (!set) throw new Error('setBasico has no SET LIBRO DE COMPRAS');
    const xml = buildLibroCompraVenta({
      ...compra,
      caratula: { ...compra.caratula, tipoLibro: 'ESPECIAL', folioNotificacion: Number(set.numeroAtencion) },
      detalle: detalleLibroComprasSet(set, '2026-10-15', { rut: '96874030-K', razonSocial: 'Proveedor SA' }),
      factorProporcionalidad: set.factorProporcionalidad,
    });
    expect(xml).toMatch(/<TotIVAUsoComun>\d+<\/TotIVAUsoComun><FctProp>/);
    expect(xml).toContain('<IVANoRec><CodIVANoRec>4</CodIVANoRec>');
    expect(await judge(xml)).toEqual({ finalState: 'LOK' });
  });
});

describe('judgeLibro: segments and sales books', () => {
  it('refuses a PARCIAL or FINAL send without NroSegmento', async () => {
    for (const tipoEnvio of ['PARCIAL', 'FINAL'] as const) {
      const xml = buildLibroCompraVenta({ ...compra, caratula: { ...compra.caratula, tipoEnvio, nroSegmento: 1 } });
      expect(await judge(xml)).toEqual({ finalState: 'LOK' });
      expect(await judge(edit(xml, '<NroSegmento>1</NroSegmento>', ''))).toEqual({
        finalState: 'LRH',
        rejection: `Libro Rechazado: TipoEnvio ${tipoEnvio} sin NroSegmento`,
      });
    }
  });

  it('checks TotOtrosImp in a sales book too, and no purchases-book figure there', async () => {
    const venta = buildLibroCompraVenta({
      ...compra,
      caratula: { ...compra.caratula, tipoOperacion: 'VENTA' },
      factorProporcionalidad: undefined,
      detalle: [factura(7, 1000, 190, { otrosImpuestos: [{ codigo: 27, tasa: 10, monto: 100 }], total: 1290 })],
    });
    expect(await judge(venta)).toEqual({ finalState: 'LOK' });
    expect(venta).toContain('<MntIVA>190</MntIVA>');
    expect(await judge(edit(venta, '<TotMntImp>100<', '<TotMntImp>10<'))).toMatchObject({
      rejection: 'Libro No Cuadrado: TpoDoc 33: TotMntImp (CodImp 27) 10 distinto de la suma 100',
    });
  });

  it('checks the IVA retained by the buyers of facturas de compra in a sales book (TotIVARetTotal, TotOpIVARetParcial)', async () => {
    const f46 = (folio: number, ivaRetenido: { total: number; parcial: number }, total: number) =>
      factura(folio, 10_000, 1_900, { tipoDoc: 46, ivaRetenido, total });
    const venta = buildLibroCompraVenta({
      ...compra,
      caratula: { ...compra.caratula, tipoOperacion: 'VENTA' },
      factorProporcionalidad: undefined,
      detalle: [f46(8, { total: 1_900, parcial: 0 }, 10_000), f46(9, { total: 0, parcial: 400 }, 11_500)],
    });
    expect(await judge(venta)).toEqual({ finalState: 'LOK' });
    expect(await judge(edit(venta, '<TotIVARetTotal>1900<', '<TotIVARetTotal>1899<'))).toMatchObject({
      rejection: 'Libro No Cuadrado: TpoDoc 46: TotIVARetTotal 1899 distinto de la suma 1900',
    });
    expect(await judge(edit(venta, '<TotOpIVARetParcial>1<', '<TotOpIVARetParcial>2<'))).toMatchObject({
      rejection: 'Libro No Cuadrado: TpoDoc 46: TotOpIVARetParcial 2 y 1 detalles',
    });
  });
});
