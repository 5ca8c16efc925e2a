import { buildErrorOf, emitSignedDte, generateCaf, generateSigner } from '../../test/fixtures';
import { nombreAduana, totalesExportacion } from '../exportacion';
import { validateXsd } from '../xsd';
import { buildDte, ddInputFromDocumento, documentoTotals, type DocumentoInput } from './documento';

const TED = '<TED version="1.0"><DD></DD><FRMT algoritmo="SHA1withRSA">AAAA</FRMT></TED>';

const EXPORTACION = {
  moneda: 'DOLAR USA',
  tipo_cambio: '927.87',
  forma_pago_exportacion: 1,
  nacionalidad: 224,
  aduana: {
    modalidad_venta: 1,
    clausula_venta: 5,
    total_clausula: '30276',
    via_transporte: 4,
    puerto_embarque: 901,
    puerto_desembarque: 262,
    total_bultos: 1,
    bultos: [{ tipo: 75, cantidad: 1, marcas: 'ACME', id_container: 'MSKU1234567', sello: 'S-1' }],
    pais_receptor: 224,
    pais_destino: 224,
  },
};
const ADUANA = EXPORTACION.aduana;

/** The case of the SII's export set as the mediabox fixture carries it (docs/research/exportacion.md §7). */
function factura(over: Partial<DocumentoInput> = {}): DocumentoInput {
  return {
    tipo_dte: 110,
    folio: 13,
    fecha_emision: '2025-03-10',
    forma_pago: 1,
    emisor: {
      rut: '76086428-5',
      razon_social: 'ACME SpA',
      giro: 'Exportaciones',
      acteco: 475201,
      direccion: 'Av. Uno 1',
      comuna: 'Santiago',
      ciudad: 'Santiago',
    },
    receptor: { rut: '55555555-5', razon_social: 'Importadora del Plata SA', direccion: 'Av. Corrientes 1234', ciudad: 'Buenos Aires' },
    detalle: [{ nombre: 'Mermelada de frambuesa', cantidad: 261, precio_unitario: 116, unidad: 'KN' }],
    exportacion: EXPORTACION,
    ...over,
  };
}

describe('export documents 110, 111, 112 (docs/research/exportacion.md)', () => {
  it('writes Totales in the currency and OtraMoneda in pesos at the rate (261 × 116 = 30276 USD; × 927.87 = 28092192 CLP, §7)', () => {
    const xml = buildDte(factura(), TED, '2025-03-10T11:22:33');
    expect(xml).toContain('<Exportaciones ID="F13T110">');
    expect(xml).toContain(
      '<Totales><TpoMoneda>DOLAR USA</TpoMoneda><MntExe>30276</MntExe><MntTotal>30276</MntTotal></Totales>' +
        '<OtraMoneda><TpoMoneda>PESO CL</TpoMoneda><TpoCambio>927.87</TpoCambio><MntExeOtrMnda>28092192</MntExeOtrMnda><MntTotOtrMnda>28092192</MntTotOtrMnda></OtraMoneda>',
    );
    expect(xml).toContain(
      '<Receptor><RUTRecep>55555555-5</RUTRecep><RznSocRecep>Importadora del Plata SA</RznSocRecep><Extranjero><Nacionalidad>224</Nacionalidad></Extranjero>',
    );
    expect(xml).toContain(
      '<IdDoc><TipoDTE>110</TipoDTE><Folio>13</Folio><FchEmis>2025-03-10</FchEmis><FmaPago>1</FmaPago><FmaPagExp>1</FmaPagExp></IdDoc>',
    );
    expect(xml).toContain(
      '<Transporte><Aduana><CodModVenta>1</CodModVenta><CodClauVenta>5</CodClauVenta><TotClauVenta>30276</TotClauVenta><CodViaTransp>4</CodViaTransp>' +
        '<CodPtoEmbarque>901</CodPtoEmbarque><CodPtoDesemb>262</CodPtoDesemb><TotBultos>1</TotBultos><TipoBultos><CodTpoBultos>75</CodTpoBultos>' +
        '<CantBultos>1</CantBultos><Marcas>ACME</Marcas><IdContainer>MSKU1234567</IdContainer><Sello>S-1</Sello></TipoBultos>' +
        '<CodPaisRecep>224</CodPaisRecep><CodPaisDestin>224</CodPaisDestin></Aduana></Transporte>',
    );
    expect(xml).toContain(
      '<Detalle><NroLinDet>1</NroLinDet><NmbItem>Mermelada de frambuesa</NmbItem><QtyItem>261</QtyItem><UnmdItem>KN</UnmdItem><PrcItem>116</PrcItem><MontoItem>30276</MontoItem></Detalle>',
    );
    expect(documentoTotals(factura())).toMatchObject({ neto: 0, iva: 0, exento: 28092192, total: 28092192, tasa_iva: 0 });
  });

  it('keeps 4 decimals in the currency, a fractional line surcharge as its percent only, and the DD MNT as MntTotal (TED-3-640)', () => {
    const doc = factura({
      detalle: [{ nombre: 'Servicio', cantidad: '1.5', precio_unitario: '100.33', recargo_pct: 10 }],
      descuentos_recargos: [{ tipo: 'R', valor: '12.5', unidad: '$', aplica: 'exento', glosa: 'Flete' }],
    });
    const m = totalesExportacion(doc.detalle, doc.descuentos_recargos ?? [], EXPORTACION);
    // 1.5 × 100.33 = 150.495; 10 % = 15.0495; + 12.5 flete = 178.0445 USD; × 927.87 = 165202.15 CLP
    expect(m).toMatchObject({ exento: '178.0445', total: '178.0445', exento_pesos: 165202, globales: ['12.5'] });
    const xml = buildDte(doc, TED, '2025-03-10T11:22:33');
    expect(xml).toContain('<PrcItem>100.33</PrcItem><RecargoPct>10</RecargoPct><MontoItem>165.5445</MontoItem>');
    expect(xml).toContain('<TpoValor>$</TpoValor><ValorDR>12.5</ValorDR><ValorDROtrMnda>11598.375</ValorDROtrMnda><IndExeDR>1</IndExeDR>');
    expect(ddInputFromDocumento(doc, '<CAF/>', '2025-03-10T11:22:33').mnt).toBe('178.0445');
  });

  it('writes a global percent as the same percent in pesos (ValorDROtrMnda) and takes it off MntExe', () => {
    const doc = factura({ descuentos_recargos: [{ tipo: 'D', valor: 10, unidad: '%', aplica: 'exento' }] });
    const xml = buildDte(doc, TED, '2025-03-10T11:22:33');
    expect(xml).toContain('<TpoValor>%</TpoValor><ValorDR>10</ValorDR><ValorDROtrMnda>10</ValorDROtrMnda><IndExeDR>1</IndExeDR>');
    // 30 276 − 10 % = 27 248.4 USD; × 927.87 = 25 282 972.908 -> 25 282 973
    expect(xml).toContain('<MntExe>27248.4</MntExe><MntTotal>27248.4</MntTotal>');
    expect(xml).toContain('<MntTotOtrMnda>25282973</MntTotOtrMnda>');
  });

  it('sin pago (FmaPagExp 21): the pesos are 0, the currency amounts stay (HED-1-803)', () => {
    const doc = factura({ exportacion: { ...EXPORTACION, forma_pago_exportacion: 21 } });
    expect(buildDte(doc, TED, '2025-03-10T11:22:33')).toContain('<MntExeOtrMnda>0</MntExeOtrMnda><MntTotOtrMnda>0</MntTotOtrMnda>');
  });

  it('refuses what the manual and the SII forbid, naming the field', () => {
    const aduana = ADUANA;
    const con = (over: Partial<NonNullable<DocumentoInput['exportacion']>>) => factura({ exportacion: { ...EXPORTACION, ...over } });
    const cases: [DocumentoInput, RegExp][] = [
      [factura({ exportacion: undefined }), /carries exportacion/],
      [factura({ receptor: { rut: '77777777-7', razon_social: 'X' } }), /55555555-5/],
      [con({ moneda: 'PESO CL' }), /foreign currency/],
      [con({ moneda: 'USD' }), /not a TpoMoneda/],
      [con({ tipo_cambio: 0 }), /greater than 0/],
      [con({ aduana: { ...aduana, puerto_embarque: 9999 } }), /CodPtoEmbarque 9999 is not in the Aduana table puertos/],
      [con({ aduana: { ...aduana, clausula_venta: undefined } }), /clausula_venta \(CodClauVenta\)/],
      [con({ aduana: { ...aduana, bultos: [{ tipo: 1, cantidad: 2 }] } }), /marcas is obligatory/],
      [con({ aduana: { ...aduana, bultos: [{ tipo: 74, cantidad: 2, marcas: 'M' }] } }), /container/],
      [con({ aduana: { ...aduana, tara: 10 } }), /Tara and CodUnidMedTara go together/],
      [factura({ tipo_dte: 112 }), /references the export document/],
      [factura({ ind_traslado: 1 }), /carries no ind_traslado/],
      [factura({ detalle: [{ nombre: 'X', cantidad: 1, precio_unitario: 1, codigo_impuesto_adicional: 24 }] }), /exempt/],
      [factura({ tipo_dte: 33 }), /exportacion is for an export document/],
    ];
    for (const [doc, message] of cases) expect(buildErrorOf(() => buildDte(doc, TED, '2025-03-10T11:22:33'))).toMatch(message);
    // Services (IndServicio 4, hotelería): only the country of the receptor.
    const hotel = con({ aduana: { pais_receptor: 224 } });
    expect(buildErrorOf(() => buildDte({ ...hotel, indicador_servicio: 4 }, TED, '2025-03-10T11:22:33'))).toBeUndefined();
  });

  it('reads the Aduana tables as published (codes as numbers: "04" is 4)', () => {
    expect(nombreAduana('vias-transporte', '04')).toMatch(/A[ÉE]REO/);
    expect(nombreAduana('paises', 224)).toBe('ARGENTINA');
    expect(nombreAduana('monedas', 'DOLAR USA')).toBe('DOLAR USA');
    expect(nombreAduana('puertos', 12345)).toBeUndefined();
  });

  it.each([110, 111, 112] as const)(
    'a signed %i is valid against DTE_v10.xsd (the timbre, the signature and EnvioDTE as any DTE)',
    async (tipo) => {
      const generated = generateCaf({ td: tipo });
      const refs = tipo === 110 ? [] : [{ tipo_doc: 110, folio: 13, fecha: '2025-03-10', codigo: 3 as const, razon: 'Corrige monto' }];
      const doc = factura({ tipo_dte: tipo, folio: 7, referencias: refs });
      const xml = await emitSignedDte(doc, generated, generateSigner());
      expect(xml).toMatch(/<MNT>30276<\/MNT>/);
      const result = await validateXsd(xml, 'DTE');
      expect(result.errors).toEqual([]);
      expect(result.valid).toBe(true);
    },
  );
});
