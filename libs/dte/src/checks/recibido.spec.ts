import { officialExample, sampleDocumento } from '../../test/fixtures';
import { buildDte } from '../builders/documento';
import { DteParseError } from '../errors';
import { parseDteDocuments } from '../parsers/received';
import { parseXmlDocument, MAX_XML_DEPTH } from '../xml/dom';
import { tedCaf, tedDiscrepancias, totalesDiscrepancias } from './recibido';

const [example] = parseDteDocuments(officialExample());

describe('tedDiscrepancias', () => {
  it('is empty for the SII official example, whose DD repeats the Documento', () => {
    expect(tedDiscrepancias(example)).toEqual([]);
  });

  it('names each DD field that differs from the Documento', () => {
    const dte = { ...example, folio: example.folio + 1, montos: { ...example.montos, total: 1 } };
    expect(tedDiscrepancias(dte).map((d) => d.campo)).toEqual(['F', 'MNT']);
    expect(tedDiscrepancias(dte)[1]).toEqual({ campo: 'MNT', timbre: String(example.montos.total), documento: '1' });
  });
});

describe('totalesDiscrepancias', () => {
  it('is empty when lines, IVA and total add up', () => {
    expect(totalesDiscrepancias(example)).toEqual([]);
  });

  it('reports a wrong IVA and a total that does not add up, with the computed amounts', () => {
    const dte = { ...example, montos: { ...example.montos, iva: example.montos.iva + 1 } };
    expect(totalesDiscrepancias(dte)).toEqual([
      { campo: 'IVA', documento: example.montos.iva + 1, calculado: example.montos.iva },
      { campo: 'MntTotal', documento: example.montos.total, calculado: example.montos.total + 1 },
    ]);
  });

  it('understands global discounts and surcharges, additional taxes and no-billable lines as the builder writes them', () => {
    const doc = sampleDocumento({
      detalle: [
        { nombre: 'Vino', cantidad: 3, precio_unitario: 3990, descuento_pct: 5, codigo_impuesto_adicional: 25 },
        { nombre: 'Libro', cantidad: 1, precio_unitario: 9000, exento: true },
        { nombre: 'Envase', cantidad: 1, precio_unitario: 200, no_facturable: true },
      ],
      descuentos_recargos: [
        { tipo: 'D', valor: 7, unidad: '%', aplica: 'afecto' },
        { tipo: 'R', valor: 300, unidad: '$', aplica: 'exento' },
      ],
    });
    const ted = '<TED version="1.0"><DD></DD><FRMT algoritmo="SHA1withRSA">AAAA</FRMT></TED>';
    const [dte] = parseDteDocuments(buildDte(doc, ted, '2025-03-10T11:22:33'));
    expect(dte.descuentos_recargos).toEqual([
      { tipo: 'D', unidad: '%', valor: 7, ind_exe: undefined },
      { tipo: 'R', unidad: '$', valor: 300, ind_exe: 1 },
    ]);
    // ILA on the wine line (11,371) less the global 7 % (796): 20.5 % of 10,575 (Formato DTE v2.2 §D).
    expect(dte.montos.impuestos_adicionales).toEqual([{ codigo: 25, tasa: 20.5, monto: 2168 }]);
    expect(totalesDiscrepancias(dte)).toEqual([]);
    const wrong = { ...dte, montos: { ...dte.montos, impuestos_adicionales: [{ codigo: 25, tasa: 20.5, monto: 2169 }] } };
    expect(totalesDiscrepancias(wrong)).toEqual([
      { campo: 'MontoImp', codigo: 25, documento: 2169, calculado: 2168 },
      { campo: 'MntTotal', documento: dte.montos.total, calculado: dte.montos.total + 1 },
    ]);
  });

  it('counts every line of a 34 as exempt', () => {
    const dte = { ...example, tipo_dte: 34 };
    expect(totalesDiscrepancias(dte).map((d) => d.campo)).toEqual(['MntNeto', 'MntExe']);
  });
});

describe('tedCaf', () => {
  it('reads the CAF inside the DD (issuer, type, range, IDK)', () => {
    const caf = tedCaf(example);
    expect(caf).toMatchObject({ re: example.emisor.rut, td: 33 });
    expect(caf.desde).toBeLessThanOrEqual(example.folio);
    expect(caf.rsask).toBeUndefined();
  });

  it('throws DteParseError without a TED', () => {
    expect(() => tedCaf({ ...example, ted: undefined })).toThrow(DteParseError);
  });
});

describe('XML nesting limit', () => {
  it(`refuses more than ${MAX_XML_DEPTH} levels and accepts ${MAX_XML_DEPTH}`, () => {
    const nest = (n: number) => `${'<a>'.repeat(n)}${'</a>'.repeat(n)}`;
    expect(() => parseXmlDocument(nest(MAX_XML_DEPTH))).not.toThrow();
    expect(() => parseXmlDocument(nest(MAX_XML_DEPTH + 1))).toThrow(/nesting deeper than 64/);
  });
});

describe('the whole of Totales (SII Formato DTE v2.2 §B fields 106-124)', () => {
  /** A minimal DTE with the given Detalle lines and Totales, as other issuers' software writes them. */
  const dte = (tipo: number, lineas: string, totales: string) =>
    parseDteDocuments(
      `<DTE version="1.0"><Documento ID="X"><Encabezado><IdDoc><TipoDTE>${tipo}</TipoDTE><Folio>1</Folio>` +
        '<FchEmis>2026-11-02</FchEmis></IdDoc><Emisor><RUTEmisor>76086428-5</RUTEmisor><RznSoc>E</RznSoc></Emisor>' +
        `<Receptor><RUTRecep>77777777-7</RUTRecep><RznSocRecep>R</RznSocRecep></Receptor><Totales>${totales}</Totales>` +
        `</Encabezado>${lineas}</Documento></DTE>`,
    )[0];
  const linea = (monto: number, extra = '') =>
    `<Detalle><NroLinDet>1</NroLinDet>${extra}<NmbItem>x</NmbItem><MontoItem>${monto}</MontoItem></Detalle>`;

  it('reads a liquidación-factura (43) whose commissions exceed the sale: negative amounts and Comisiones', () => {
    const d = dte(
      43,
      linea(10_000),
      '<MntNeto>10000</MntNeto><TasaIVA>19</TasaIVA><IVA>1900</IVA>' +
        '<Comisiones><ValComNeto>12000</ValComNeto><ValComExe>0</ValComExe><ValComIVA>2280</ValComIVA></Comisiones>' +
        '<MntTotal>-2380</MntTotal>',
    );
    expect(d.montos.total).toBe(-2380);
    expect(d.otros_totales.comisiones).toEqual({ neto: 12_000, exento: 0, iva: 2_280 });
    expect(totalesDiscrepancias(d)).toEqual([]);
    expect(totalesDiscrepancias({ ...d, montos: { ...d.montos, total: 11_900 } })).toEqual([
      { campo: 'MntTotal', documento: 11_900, calculado: -2380 },
    ]);
  });

  it('subtracts CredEC (DL 910 art. 21) and a factura de compra’s retained IVA; IVANoRet is read', () => {
    const constructora = dte(
      33,
      linea(100_000),
      '<MntNeto>100000</MntNeto><TasaIVA>19</TasaIVA><IVA>19000</IVA><CredEC>12350</CredEC><MntTotal>106650</MntTotal>',
    );
    expect(constructora.otros_totales.credito_empresas_constructoras).toBe(12_350);
    expect(totalesDiscrepancias(constructora)).toEqual([]);
    const compra = dte(
      46,
      linea(10_000),
      '<MntNeto>10000</MntNeto><TasaIVA>19</TasaIVA><IVA>1900</IVA><ImptoReten><TipoImp>15</TipoImp><TasaImp>19</TasaImp>' +
        '<MontoImp>1900</MontoImp></ImptoReten><IVANoRet>0</IVANoRet><MntTotal>10000</MntTotal>',
    );
    expect(totalesDiscrepancias(compra)).toEqual([]);
    expect(compra.otros_totales.iva_no_retenido).toBe(0);
  });

  it('takes MntBruto lines without IVA, reads MntBase, and does not recompute a specific tax written without TasaImp', () => {
    const bruto = dte(
      33,
      linea(11_900),
      '<MntBruto>1</MntBruto><MntNeto>10000</MntNeto><TasaIVA>19</TasaIVA><IVA>1900</IVA><MntTotal>11900</MntTotal>',
    );
    expect(bruto.otros_totales.montos_brutos).toBe(true);
    expect(totalesDiscrepancias(bruto)).toEqual([]);
    const diesel = dte(
      33,
      linea(50_000, '<CodImpAdic>28</CodImpAdic>'),
      '<MntNeto>50000</MntNeto><MntBase>0</MntBase><TasaIVA>19</TasaIVA><IVA>9500</IVA><ImptoReten><TipoImp>28</TipoImp>' +
        '<MontoImp>7345</MontoImp></ImptoReten><MntTotal>66845</MntTotal>',
    );
    expect(diesel.otros_totales.impuestos_sin_tasa).toEqual([28]);
    expect(diesel.montos.impuestos_adicionales).toEqual([{ codigo: 28, tasa: 0, monto: 7345 }]);
    expect(totalesDiscrepancias(diesel)).toEqual([]);
  });
});
