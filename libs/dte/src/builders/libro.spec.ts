import { generateSigner, signXml } from '../../test/fixtures';
import { encodeLatin1 } from '../xml/encoding';
import { DteBuildError } from '../errors';
import { validateXsd } from '../xsd';
import { buildLibroCompraVenta, type LibroInput } from './libro';

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
      '<TotIVAUsoComun>3800</TotIVAUsoComun><FctProp>0.60</FctProp><TotCredIVAUsoComun>2280</TotCredIVAUsoComun>',
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
