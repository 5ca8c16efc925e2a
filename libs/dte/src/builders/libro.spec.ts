import { generateSigner, signXml } from '../../test/fixtures';
import { encodeLatin1 } from '../xml/encoding';
import { DteBuildError } from '../errors';
import { validateXsd } from '../xsd';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dteAssetsDir } from '../assets';
import { childElements, numAt, parseXml } from '../xml/dom';
import { CODIGOS_OTROS_IMP_LIBRO_CV, buildLibroCompraVenta, type LibroDetalleInput, type LibroInput } from './libro';

const venta: LibroInput = {
  caratula: {
    rutEmisorLibro: '76086428-5',
    rutEnvia: '11111111-1',
    periodoTributario: '2025-03',
    fchResol: '2024-11-05',
    nroResol: 0,
    tipoOperacion: 'VENTA',
    tipoLibro: 'ESPECIAL',
    tipoEnvio: 'TOTAL',
    folioNotificacion: 1,
  },
  detalle: [
    {
      tipoDoc: 33,
      folio: 7,
      fecha: '2025-03-10',
      rut: '77777777-7',
      razonSocial: 'Constructora "Los Andes" & Asociados <Ingeniería> SpA',
      exento: 16000,
      neto: 27471,
      iva: 5219,
      total: 48690,
    },
    { tipoDoc: 33, folio: 8, fecha: '2025-03-11', rut: '77777777-7', razonSocial: 'Cliente', exento: 0, neto: 1000, iva: 190, total: 1190 },
    {
      tipoDoc: 33,
      folio: 9,
      fecha: '2025-03-11',
      rut: '77777777-7',
      razonSocial: 'Cliente',
      exento: 0,
      neto: 0,
      iva: 0,
      total: 0,
      anulado: true,
    },
    { tipoDoc: 61, folio: 2, fecha: '2025-03-12', rut: '77777777-7', razonSocial: 'Cliente', exento: 0, neto: 1000, iva: 190, total: 1190 },
  ],
  tmstFirma: '2025-04-01T10:00:00',
};

const proveedor = { fecha: '2025-03-03', rut: '96874030-K', razonSocial: 'Proveedor SA', exento: 0 };
const factura = (folio: number, neto: number, iva: number, parte: Partial<LibroDetalleInput> = {}): LibroDetalleInput => ({
  ...proveedor,
  tipoDoc: 33,
  folio,
  neto,
  iva,
  total: neto + iva,
  ...parte,
});

/** A purchases book: one document whose IVA is not recoverable, one of common use, one recoverable, one split. */
const compraMixta: LibroInput = {
  ...venta,
  caratula: { ...venta.caratula, tipoOperacion: 'COMPRA', tipoLibro: 'MENSUAL', folioNotificacion: undefined },
  detalle: [
    factura(501, 10000, 1900, { ivaNoRecuperable: [{ codigo: 1, monto: 1900 }] }),
    factura(502, 20000, 3800, { ivaUsoComun: 3800 }),
    factura(503, 5000, 950),
    factura(504, 16842, 3200, {
      ivaNoRecuperable: [
        { codigo: 3, monto: 400 },
        { codigo: 1, monto: 500 },
      ],
      ivaUsoComun: 1300,
    }),
  ],
};

/** The Detalle of folio `folio`. */
function detalle(xml: string, folio: number): string {
  return new RegExp(`<Detalle><TpoDoc>\\d+</TpoDoc><NroDoc>${folio}</NroDoc>.*?</Detalle>`).exec(xml)?.[0] ?? '';
}

/** Each numeric child of the TotalesPeriodo of `tipo`. */
function totales(xml: string, tipo: number): Record<string, number> {
  const tot = childElements(childElements(childElements(parseXml(xml), 'EnvioLibro')[0], 'ResumenPeriodo')[0], 'TotalesPeriodo').find(
    (t) => numAt(t, 'TpoDoc') === tipo,
  );
  return Object.fromEntries(childElements(tot as Element).map((c) => [c.localName, Number(c.textContent)]));
}

/** Σ of a Detalle field over the lines of `tipo`. */
function sumaDetalle(xml: string, tipo: number, field: string): number {
  return childElements(childElements(parseXml(xml), 'EnvioLibro')[0], 'Detalle')
    .filter((d) => numAt(d, 'TpoDoc') === tipo)
    .reduce((s, d) => s + (numAt(d, field) ?? 0), 0);
}

describe('buildLibroCompraVenta', () => {
  it('totals per document type, voided folios apart, and validates as LibroCV once signed', async () => {
    const xml = buildLibroCompraVenta(venta);
    expect(xml).toContain(
      '<TotalesPeriodo><TpoDoc>33</TpoDoc><TotDoc>2</TotDoc><TotAnulado>1</TotAnulado><TotOpExe>1</TotOpExe><TotMntExe>16000</TotMntExe>' +
        '<TotMntNeto>28471</TotMntNeto><TotMntIVA>5409</TotMntIVA><TotMntTotal>49880</TotMntTotal></TotalesPeriodo>',
    );
    expect(xml).toContain('<TotalesPeriodo><TpoDoc>61</TpoDoc><TotDoc>1</TotDoc><TotMntExe>0</TotMntExe><TotMntNeto>1000</TotMntNeto>');
    expect(xml).toContain('<Detalle><TpoDoc>33</TpoDoc><NroDoc>9</NroDoc><Anulado>A</Anulado></Detalle>');
    expect(xml).toContain('<RznSoc>Constructora &quot;Los Andes&quot; &amp; Asociados &lt;Ingeniería&gt;</RznSoc>');
    const signed = signXml(xml, 'LIBRO_VENTA_2025_03', signer());
    expect(await validateXsd(encodeLatin1(signed), 'LibroCV')).toEqual({ valid: true, errors: [] });
  });

  it('a purchase book with non-recoverable and common-use IVA validates', async () => {
    const compra: LibroInput = {
      ...venta,
      caratula: { ...venta.caratula, tipoOperacion: 'COMPRA', tipoLibro: 'MENSUAL', folioNotificacion: undefined },
      detalle: [
        {
          tipoDoc: 33,
          folio: 501,
          fecha: '2025-03-03',
          rut: '96874030-K',
          razonSocial: 'Proveedor SA',
          exento: 0,
          neto: 10000,
          iva: 1900,
          total: 11900,
          ivaNoRecuperable: [{ codigo: 1, monto: 1900 }],
        },
        {
          tipoDoc: 33,
          folio: 502,
          fecha: '2025-03-04',
          rut: '96874030-K',
          razonSocial: 'Proveedor SA',
          exento: 0,
          neto: 20000,
          iva: 3800,
          total: 23800,
          ivaUsoComun: 3800,
        },
        {
          tipoDoc: 33,
          folio: 503,
          fecha: '2025-03-05',
          rut: '96874030-K',
          razonSocial: 'Proveedor SA',
          exento: 0,
          neto: 5000,
          iva: 950,
          total: 5950,
        },
      ],
    };
    const xml = buildLibroCompraVenta(compra);
    expect(xml).toContain(
      // TotMntIVA of a purchases book is the recoverable IVA only: 6650 - 1900 non-recoverable - 3800 common use.
      '<TotOpIVARec>1</TotOpIVARec><TotMntIVA>950</TotMntIVA><TotIVANoRec><CodIVANoRec>1</CodIVANoRec><TotOpIVANoRec>1</TotOpIVANoRec><TotMntIVANoRec>1900</TotMntIVANoRec></TotIVANoRec><TotOpIVAUsoComun>1</TotOpIVAUsoComun><TotIVAUsoComun>3800</TotIVAUsoComun>',
    );
    expect(await validateXsd(encodeLatin1(signXml(xml, 'LIBRO_COMPRA_2025_03', signer())), 'LibroCV')).toEqual({ valid: true, errors: [] });

    // With the proportionality factor, the credit of the common-use IVA; other taxes by code; a note's reference.
    const conFactor = buildLibroCompraVenta({
      ...compra,
      factorProporcionalidad: 0.6,
      detalle: [
        ...compra.detalle,
        {
          tipoDoc: 46,
          folio: 9,
          fecha: '2025-03-06',
          rut: '96874030-K',
          razonSocial: 'Proveedor SA',
          exento: 0,
          neto: 10000,
          iva: 1900,
          total: 10000,
          otrosImpuestos: [{ codigo: 15, tasa: 19, monto: 1900 }],
        },
        {
          tipoDoc: 61,
          folio: 7,
          fecha: '2025-03-07',
          rut: '96874030-K',
          razonSocial: 'Proveedor SA',
          exento: 0,
          neto: 1000,
          iva: 190,
          total: 1190,
          referencia: { tipoDoc: 33, folio: 503 },
        },
      ],
    });
    expect(conFactor).toContain(
      '<TotIVAUsoComun>3800</TotIVAUsoComun><FctProp>0.600</FctProp><TotCredIVAUsoComun>2280</TotCredIVAUsoComun>',
    );
    expect(conFactor).toContain('<OtrosImp><CodImp>15</CodImp><TasaImp>19</TasaImp><MntImp>1900</MntImp></OtrosImp>');
    expect(conFactor).toContain('<TotOtrosImp><CodImp>15</CodImp><TotMntImp>1900</TotMntImp></TotOtrosImp>');
    expect(conFactor).toContain('<TpoDocRef>33</TpoDocRef><FolioDocRef>503</FolioDocRef>');
    expect(await validateXsd(encodeLatin1(signXml(conFactor, 'LIBRO_COMPRA_2025_03', signer())), 'LibroCV')).toEqual({
      valid: true,
      errors: [],
    });
    expect(() => buildLibroCompraVenta({ ...compra, factorProporcionalidad: 1.5 })).toThrow(/factorProporcionalidad/);
  });

  it('in a purchases book each Detalle states its recoverable IVA, so every TotalesPeriodo figure is the sum of its lines', async () => {
    const xml = buildLibroCompraVenta({ ...compraMixta, factorProporcionalidad: 0.6 });
    // 501: all non-recoverable; 502: all common use; 503: all recoverable; 504: split three ways.
    expect(detalle(xml, 501)).toContain('<MntNeto>10000</MntNeto><MntIVA>0</MntIVA><IVANoRec><CodIVANoRec>1</CodIVANoRec>');
    expect(detalle(xml, 502)).toContain('<MntIVA>0</MntIVA><IVAUsoComun>3800</IVAUsoComun><MntTotal>23800</MntTotal>');
    expect(detalle(xml, 503)).toContain('<MntIVA>950</MntIVA><MntTotal>5950</MntTotal>');
    expect(detalle(xml, 504)).toContain(
      '<MntIVA>1000</MntIVA><IVANoRec><CodIVANoRec>3</CodIVANoRec><MntIVANoRec>400</MntIVANoRec></IVANoRec>' +
        '<IVANoRec><CodIVANoRec>1</CodIVANoRec><MntIVANoRec>500</MntIVANoRec></IVANoRec><IVAUsoComun>1300</IVAUsoComun>',
    );
    const tot = totales(xml, 33);
    expect(tot).toMatchObject({ TotMntIVA: 1950, TotOpIVARec: 2, TotIVAUsoComun: 5100, TotOpIVAUsoComun: 2, TotMntTotal: 61692 });
    expect(tot.TotMntIVA).toBe(sumaDetalle(xml, 33, 'MntIVA'));
    expect(tot.TotIVAUsoComun).toBe(sumaDetalle(xml, 33, 'IVAUsoComun'));
    expect(tot.TotMntTotal).toBe(sumaDetalle(xml, 33, 'MntTotal'));
    expect(xml).toContain(
      '<TotIVANoRec><CodIVANoRec>1</CodIVANoRec><TotOpIVANoRec>2</TotOpIVANoRec><TotMntIVANoRec>2400</TotMntIVANoRec></TotIVANoRec>' +
        '<TotIVANoRec><CodIVANoRec>3</CodIVANoRec><TotOpIVANoRec>1</TotOpIVANoRec><TotMntIVANoRec>400</TotMntIVANoRec></TotIVANoRec>',
    );
    // MntIVA + IVANoRec + IVAUsoComun give back the documents' whole IVA: nothing is lost from MntTotal.
    expect(tot.TotMntIVA + 2400 + 400 + tot.TotIVAUsoComun).toBe(1900 + 3800 + 950 + 3200);
    expect(await validateXsd(encodeLatin1(signXml(xml, 'LIBRO_COMPRA_2025_03', signer())), 'LibroCV')).toEqual({ valid: true, errors: [] });

    // A sales book writes the whole IVA as MntIVA.
    expect(detalle(buildLibroCompraVenta(venta), 8)).toContain('<MntIVA>190</MntIVA>');
  });

  it('refuses a purchase whose IVANoRec and IVAUsoComun exceed its IVA, and LC fields in a sales book', () => {
    const [d] = compraMixta.detalle;
    const excede = { ...d, ivaNoRecuperable: [{ codigo: 1 as const, monto: 1000 }], ivaUsoComun: 901 };
    expect(() => buildLibroCompraVenta({ ...compraMixta, detalle: [excede] })).toThrow(DteBuildError);
    expect(() => buildLibroCompraVenta({ ...compraMixta, detalle: [excede] })).toThrow(
      /NroDoc 501: IVANoRec and IVAUsoComun \(1901\) exceed/,
    );
    expect(() => buildLibroCompraVenta({ ...compraMixta, detalle: [{ ...excede, ivaUsoComun: 900 }] })).not.toThrow();
    expect(() => buildLibroCompraVenta({ ...venta, detalle: [{ ...d, ivaUsoComun: 100 }] })).toThrow(/purchases book/);
    expect(() => buildLibroCompraVenta({ ...venta, factorProporcionalidad: 0.5 })).toThrow(/purchases book/);
  });

  it('writes FctProp with 3 decimals and its credit rounded half up in decimal arithmetic', () => {
    // 1300 × 0.575 = 747.5 exactly; in binary floats 747.4999999999999, which Math.round takes to 747.
    expect(1300 * 0.575).toBeLessThan(747.5);
    const uno = { ...compraMixta, detalle: [{ ...compraMixta.detalle[1], ivaUsoComun: 1300, iva: 1300 }] };
    expect(buildLibroCompraVenta({ ...uno, factorProporcionalidad: 0.575 })).toContain(
      '<TotIVAUsoComun>1300</TotIVAUsoComun><FctProp>0.575</FctProp><TotCredIVAUsoComun>748</TotCredIVAUsoComun>',
    );
    expect(buildLibroCompraVenta({ ...uno, factorProporcionalidad: 1 })).toContain('<FctProp>1.000</FctProp><TotCredIVAUsoComun>1300<');
    expect(buildLibroCompraVenta({ ...uno, factorProporcionalidad: 0 })).toContain('<FctProp>0.000</FctProp><TotCredIVAUsoComun>0<');
    // A fourth decimal would not survive FctProp (LibroCV_v10.xsd fractionDigits 3): refused rather than rounded.
    expect(() => buildLibroCompraVenta({ ...uno, factorProporcionalidad: 0.5755 })).toThrow(/at most 3 decimals/);
  });

  it('a PARCIAL or FINAL send needs its NroSegmento, written in the Caratula', async () => {
    for (const tipoEnvio of ['PARCIAL', 'FINAL'] as const) {
      expect(() => buildLibroCompraVenta({ ...venta, caratula: { ...venta.caratula, tipoEnvio } })).toThrow(/nroSegmento/);
    }
    const xml = buildLibroCompraVenta({ ...venta, caratula: { ...venta.caratula, tipoEnvio: 'PARCIAL', nroSegmento: 2 } });
    expect(xml).toContain('<TipoEnvio>PARCIAL</TipoEnvio><NroSegmento>2</NroSegmento><FolioNotificacion>1</FolioNotificacion>');
    expect(await validateXsd(encodeLatin1(signXml(xml, 'LIBRO_VENTA_2025_03', signer())), 'LibroCV')).toEqual({ valid: true, errors: [] });
    expect(() => buildLibroCompraVenta({ ...venta, caratula: { ...venta.caratula, tipoEnvio: 'FINAL', nroSegmento: 1_000_000 } })).toThrow(
      /NroSegmento/,
    );
    expect(buildLibroCompraVenta(venta)).not.toContain('NroSegmento');
  });

  it('takes only LibroCV document types and tax codes; a tax without rate leaves TasaImp out', async () => {
    const [d] = venta.detalle;
    expect(() => buildLibroCompraVenta({ ...venta, detalle: [{ ...d, tipoDoc: 52 }] })).toThrow(/TpoDoc 52 is not a type of LibroCV/);
    expect(() => buildLibroCompraVenta({ ...venta, detalle: [{ ...d, otrosImpuestos: [{ codigo: 54, tasa: 10, monto: 1 }] }] })).toThrow(
      /CodImp 54/,
    );
    expect(() =>
      buildLibroCompraVenta({ ...venta, detalle: [{ ...d, otrosImpuestos: [{ codigo: 27, tasa: 10.125, monto: 1 }] }] }),
    ).toThrow(/TasaImp/);
    const xml = buildLibroCompraVenta({
      ...venta,
      detalle: [
        { ...d, otrosImpuestos: [{ codigo: 27, tasa: 10, monto: 2747 }] },
        {
          ...d,
          folio: 10,
          otrosImpuestos: [
            { codigo: 27, tasa: null, monto: 3 },
            { codigo: 271, tasa: 18, monto: 100 },
          ],
        },
      ],
    });
    expect(xml).toContain('<OtrosImp><CodImp>27</CodImp><MntImp>3</MntImp></OtrosImp>');
    expect(xml).toContain('<TotOtrosImp><CodImp>27</CodImp><TotMntImp>2750</TotMntImp></TotOtrosImp><TotOtrosImp><CodImp>271</CodImp>');
    expect(await validateXsd(encodeLatin1(signXml(xml, 'LIBRO_VENTA_2025_03', signer())), 'LibroCV')).toEqual({ valid: true, errors: [] });
  });

  it('CODIGOS_OTROS_IMP_LIBRO_CV is the ImptoType enumeration of the shipped LibroCV_v10.xsd', () => {
    const xsd = readFileSync(join(dteAssetsDir(), 'xsd', 'LibroCV_v10.xsd'), 'latin1');
    const type = /<xs:simpleType name="ImptoType">([\s\S]*?)<\/xs:simpleType>/.exec(xsd)?.[1] ?? '';
    expect([...type.matchAll(/enumeration value="(\d+)"/g)].map((m) => Number(m[1]))).toEqual(CODIGOS_OTROS_IMP_LIBRO_CV);
  });

  it("marks the owner's note on its own factura de compra (Emisor, IndFactCompra) and validates as LibroCV", async () => {
    const compras: LibroInput = {
      ...venta,
      id: 'LIBRO_COMPRA_2025_03',
      caratula: { ...venta.caratula, tipoOperacion: 'COMPRA' },
      detalle: [
        { ...venta.detalle[0], tipoDoc: 46, folio: 9 },
        { ...venta.detalle[0], tipoDoc: 61, folio: 3, notaFacturaCompra: true, referencia: { tipoDoc: 46, folio: 9 } },
      ],
    };
    const xml = buildLibroCompraVenta(compras);
    expect(xml).toContain('<Detalle><TpoDoc>61</TpoDoc><Emisor>1</Emisor><IndFactCompra>1</IndFactCompra><NroDoc>3</NroDoc>');
    expect(xml).toContain('<Detalle><TpoDoc>46</TpoDoc><NroDoc>9</NroDoc>');
    expect(await validateXsd(encodeLatin1(signXml(xml, 'LIBRO_COMPRA_2025_03', signer())), 'LibroCV')).toEqual({ valid: true, errors: [] });
  });

  it('a sales book states the IVA the buyers of received facturas de compra retained, whole or in part (LV)', async () => {
    const linea46 = { tipoDoc: 46, fecha: '2025-03-12', rut: '96874030-K', razonSocial: 'Molino SA', exento: 0 };
    const xml = buildLibroCompraVenta({
      ...venta,
      detalle: [
        { ...linea46, folio: 5, neto: 100_000, iva: 19_000, total: 100_000, ivaRetenido: { total: 19_000, parcial: 0 } },
        { ...linea46, folio: 6, neto: 10_000, iva: 1_900, total: 11_500, ivaRetenido: { total: 0, parcial: 400 } },
      ],
    });
    // By hand: 2 documents, neto 110,000, IVA 20,900; one retention whole (19,000), one partial (400); MntTotal 111,500.
    expect(xml).toContain(
      '<TotalesPeriodo><TpoDoc>46</TpoDoc><TotDoc>2</TotDoc><TotMntExe>0</TotMntExe><TotMntNeto>110000</TotMntNeto><TotMntIVA>20900</TotMntIVA>' +
        '<TotOpIVARetTotal>1</TotOpIVARetTotal><TotIVARetTotal>19000</TotIVARetTotal><TotOpIVARetParcial>1</TotOpIVARetParcial>' +
        '<TotIVARetParcial>400</TotIVARetParcial><TotMntTotal>111500</TotMntTotal></TotalesPeriodo>',
    );
    expect(xml).toContain('<MntIVA>1900</MntIVA><IVARetParcial>400</IVARetParcial><MntTotal>11500</MntTotal>');
    expect(await validateXsd(encodeLatin1(signXml(xml, 'LIBRO_VENTA_2025_03', signer())), 'LibroCV')).toEqual({ valid: true, errors: [] });
    const enCompras = { ...venta, caratula: { ...venta.caratula, tipoOperacion: 'COMPRA' as const } };
    expect(() =>
      buildLibroCompraVenta({
        ...enCompras,
        detalle: [{ ...linea46, folio: 5, neto: 1, iva: 0, total: 1, ivaRetenido: { total: 1, parcial: 0 } }],
      }),
    ).toThrow(/belong to a sales book/);
  });

  it('refuses a bad period and books without their required codes', () => {
    expect(() => buildLibroCompraVenta({ ...venta, caratula: { ...venta.caratula, periodoTributario: '2025-13' } })).toThrow(DteBuildError);
    expect(() => buildLibroCompraVenta({ ...venta, caratula: { ...venta.caratula, folioNotificacion: undefined } })).toThrow(
      /folioNotificacion/,
    );
    expect(() => buildLibroCompraVenta({ ...venta, caratula: { ...venta.caratula, tipoLibro: 'RECTIFICA' } })).toThrow(/codAutRec/);
  });
});

function signer() {
  return cachedSigner ?? (cachedSigner = generateSigner());
}
let cachedSigner: ReturnType<typeof generateSigner> | undefined;
