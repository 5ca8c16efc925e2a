import { generateSigner, signXml } from '../../test/fixtures';
import { buildLibroCompraVenta } from '../builders/libro';
import { encodeLatin1 } from '../xml/encoding';
import { validateXsd } from '../xsd';
import { detalleLibroComprasSet, parseLibroComprasSet } from './set-libro-compras';

// The shape of the SII's SET LIBRO DE COMPRAS (docs/research/sii-protocol.md §10): a fixed-width table and the
// factor of the IVA de uso común.
const SET = [
  'SET BASICO - NUMERO DE ATENCION: 4000001',
  'CASO 4000001-1',
  '',
  'SET LIBRO DE COMPRAS - NUMERO DE ATENCION: 4000003',
  '',
  'TIPO DOCUMENTO                 FOLIO  OBSERVACIONES                                          MONTO EXENTO   MONTO AFECTO',
  '===================================================================================================================',
  'FACTURA                          234  FACTURA DEL GIRO CON DERECHO A CREDITO                                      41364',
  'FACTURA ELECTRONICA               32  FACTURA DEL GIRO CON DERECHO A CREDITO                        11133        10049',
  'FACTURA                          781  FACTURA CON IVA USO COMUN                                                   29861',
  'NOTA DE CREDITO                  451  NOTA DE CREDITO POR DESCUENTO A FACTURA 234                                  2889',
  'FACTURA ELECTRONICA               67  ENTREGA GRATUITA DEL PROVEEDOR                                              10008',
  'FACTURA DE COMPRA ELECTRONICA      9  COMPRA CON RETENCION TOTAL DEL IVA                                           9987',
  'NOTA DE CREDITO                  211  NOTA DE CREDITO POR DESCUENTO FACTURA ELECTRONICA 32                          9200',
  '',
  'EL FACTOR DE PROPORCIONALIDAD DEL IVA ES DE 0.60',
  '',
].join('\r\n');

describe('SET LIBRO DE COMPRAS', () => {
  it('reads the documents, their amounts and the proportionality factor', () => {
    const set = parseLibroComprasSet(SET);
    expect(set?.numeroAtencion).toBe('4000003');
    expect(set?.factorProporcionalidad).toBe(0.6);
    // tipo, folio, exento, afecto of each line of the set, as the SII's text states them.
    expect(set?.documentos.map((d) => `${d.tipoDoc} ${d.folio} ${d.exento} ${d.afecto}`)).toEqual([
      '30 234 0 41364',
      '33 32 11133 10049',
      '30 781 0 29861',
      '60 451 0 2889',
      '33 67 0 10008',
      '46 9 0 9987',
      '60 211 0 9200',
    ]);
    expect(parseLibroComprasSet('SET BASICO - NUMERO DE ATENCION: 1\r\nCASO 1-1')).toBeUndefined();
    expect(() => parseLibroComprasSet('SET LIBRO DE COMPRAS - NUMERO DE ATENCION: 5\r\nBOLETA  12  X  100')).toThrow(/unknown document/);
  });

  it('books each observation as the IECV says and the book validates against LibroCV_v10.xsd', async () => {
    const set = parseLibroComprasSet(SET);
    if (!set) throw new Error('no set');
    const detalle = detalleLibroComprasSet(set, '2026-11-15', { rut: '76086428-5', razonSocial: 'Proveedor SpA' });
    // 19 % of 41364 is 7859.16: the IVA rounds to the peso.
    expect(detalle[0]).toMatchObject({ neto: 41364, iva: 7859, total: 49223 });
    expect(detalle[2]).toMatchObject({ ivaUsoComun: 5674 });
    expect(detalle[3]).toMatchObject({ referencia: { tipoDoc: 30, folio: 234 } });
    expect(detalle[4]).toMatchObject({ ivaNoRecuperable: [{ codigo: 4, monto: 1902 }] });
    expect(detalle[5]).toMatchObject({ otrosImpuestos: [{ codigo: 15, tasa: 19, monto: 1898 }], total: 9987 });
    expect(detalle[6]).toMatchObject({ referencia: { tipoDoc: 33, folio: 32 } });
    const xml = buildLibroCompraVenta({
      id: 'LIBRO_SET',
      caratula: {
        rutEmisorLibro: '76086428-5',
        rutEnvia: '11111111-1',
        periodoTributario: '2026-11',
        fchResol: '2026-01-01',
        nroResol: 0,
        tipoOperacion: 'COMPRA',
        tipoLibro: 'ESPECIAL',
        tipoEnvio: 'TOTAL',
        folioNotificacion: 4000003,
      },
      detalle,
      factorProporcionalidad: set.factorProporcionalidad,
      tmstFirma: '2026-11-25T10:00:00',
    });
    expect(xml).toContain('<FctProp>0.600</FctProp><TotCredIVAUsoComun>3404</TotCredIVAUsoComun>');
    expect(await validateXsd(encodeLatin1(signXml(xml, 'LIBRO_SET', generateSigner())), 'LibroCV')).toEqual({ valid: true, errors: [] });
  });
});
