import { emitSignedDte, generateCaf, generateSigner, sampleDocumento } from '../../test/fixtures';
import { DteBuildError, DteEncodingError } from '../errors';
import { validateXsd } from '../xsd';
import { buildDte, ddInputFromDocumento, type DocumentoInput } from './documento';

const TED = '<TED version="1.0"><DD></DD><FRMT algoritmo="SHA1withRSA">AAAA</FRMT></TED>';

function minimal(over: Partial<DocumentoInput> = {}): DocumentoInput {
  return {
    tipo_dte: 33,
    folio: 1,
    fecha_emision: '2025-03-10',
    emisor: { rut: '76086428-5', razon_social: 'ACME SpA', giro: 'Ventas', acteco: 475201 },
    receptor: { rut: '77777777-7', razon_social: 'Cliente Ltda' },
    detalle: [{ nombre: 'Item', cantidad: 2, precio_unitario: 1000 }],
    ...over,
  };
}

describe('buildDte', () => {
  it('writes discounts, surcharges, additional taxes and globals where DTE_v10 puts them, with the totals they make', () => {
    const xml = buildDte(
      minimal({
        detalle: [
          { nombre: 'Pisco', cantidad: 2, precio_unitario: 5000, descuento_pct: 10, codigo_impuesto_adicional: 24 },
          { nombre: 'Hielo', cantidad: 1, precio_unitario: 1000, recargo_monto: 100, exento: true },
        ],
        descuentos_recargos: [{ tipo: 'D', valor: '10', unidad: '$', aplica: 'exento', glosa: 'Redondeo' }],
      }),
      TED,
      '2025-03-10T11:22:33',
    );
    expect(xml).toContain(
      '<QtyItem>2</QtyItem><PrcItem>5000</PrcItem><DescuentoPct>10</DescuentoPct><DescuentoMonto>1000</DescuentoMonto><CodImpAdic>24</CodImpAdic><MontoItem>9000</MontoItem>',
    );
    expect(xml).toContain(
      '<IndExe>1</IndExe><NmbItem>Hielo</NmbItem><QtyItem>1</QtyItem><PrcItem>1000</PrcItem><RecargoMonto>100</RecargoMonto><MontoItem>1100</MontoItem>',
    );
    expect(xml).toContain(
      '<DscRcgGlobal><NroLinDR>1</NroLinDR><TpoMov>D</TpoMov><GlosaDR>Redondeo</GlosaDR><TpoValor>$</TpoValor><ValorDR>10</ValorDR><IndExeDR>1</IndExeDR></DscRcgGlobal>',
    );
    // neto 9000, exento 1100 - 10, IVA 1710, ILA 31.5% of 9000 = 2835
    expect(xml).toContain(
      '<Totales><MntNeto>9000</MntNeto><MntExe>1090</MntExe><TasaIVA>19</TasaIVA><IVA>1710</IVA><ImptoReten><TipoImp>24</TipoImp><TasaImp>31.5</TasaImp><MontoImp>2835</MontoImp></ImptoReten><MntTotal>14635</MntTotal></Totales>',
    );
  });

  it('writes the exact, compact layout of DTE_v10 (no declaration, SiiDte namespace)', () => {
    expect(buildDte(minimal(), TED, '2025-03-10T11:22:33')).toBe(
      '<DTE version="1.0" xmlns="http://www.sii.cl/SiiDte"><Documento ID="F1T33"><Encabezado>' +
        '<IdDoc><TipoDTE>33</TipoDTE><Folio>1</Folio><FchEmis>2025-03-10</FchEmis></IdDoc>' +
        '<Emisor><RUTEmisor>76086428-5</RUTEmisor><RznSoc>ACME SpA</RznSoc><GiroEmis>Ventas</GiroEmis><Acteco>475201</Acteco></Emisor>' +
        '<Receptor><RUTRecep>77777777-7</RUTRecep><RznSocRecep>Cliente Ltda</RznSocRecep></Receptor>' +
        '<Totales><MntNeto>2000</MntNeto><TasaIVA>19</TasaIVA><IVA>380</IVA><MntTotal>2380</MntTotal></Totales></Encabezado>' +
        '<Detalle><NroLinDet>1</NroLinDet><NmbItem>Item</NmbItem><QtyItem>2</QtyItem><PrcItem>1000</PrcItem><MontoItem>2000</MontoItem></Detalle>' +
        TED +
        '<TmstFirma>2025-03-10T11:22:33</TmstFirma></Documento></DTE>',
    );
  });

  it('marks exempt lines IndExe=1 and totals them in MntExe', () => {
    const xml = buildDte(sampleDocumento(), TED, '2025-03-10T11:22:33');
    expect(xml).toContain('<Detalle><NroLinDet>3</NroLinDet><IndExe>1</IndExe><NmbItem>Libro técnico (exento)</NmbItem>');
    expect(xml).toContain(
      '<Totales><MntNeto>27471</MntNeto><MntExe>16000</MntExe><TasaIVA>19</TasaIVA><IVA>5219</IVA><MntTotal>48690</MntTotal></Totales>',
    );
    expect(xml).toContain('<QtyItem>1</QtyItem><PrcItem>12500.5</PrcItem><MontoItem>12501</MontoItem>');
  });

  it('factura exenta 34 has MntExe and MntTotal only, no IndExe', () => {
    const xml = buildDte(minimal({ tipo_dte: 34 }), TED, '2025-03-10T11:22:33');
    expect(xml).toContain('<Totales><MntExe>2000</MntExe><MntTotal>2000</MntTotal></Totales>');
    expect(xml).not.toMatch(/TasaIVA|<IVA>|IndExe/);
  });

  it('escapes & < > " \' in text', () => {
    const xml = buildDte(sampleDocumento(), TED, '2025-03-10T11:22:33');
    expect(xml).toContain('<RznSocRecep>Constructora &quot;Los Andes&quot; &amp; Asociados &lt;Ingeniería&gt; SpA</RznSocRecep>');
    expect(xml).toContain('<NmbItem>Tornillo autorroscante 8x1&quot; (caja 100)</NmbItem>');
  });

  it('truncates GiroEmis to 80, GiroRecep to 40 and DirRecep to 70', () => {
    const doc = sampleDocumento();
    const xml = buildDte(doc, TED, '2025-03-10T11:22:33');
    expect(doc.emisor.giro.length).toBeGreaterThan(80);
    expect((doc.receptor.direccion ?? '').length).toBeGreaterThan(70);
    const text = (tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? '';
    expect(text('GiroEmis')).toBe(doc.emisor.giro.slice(0, 80).trimEnd());
    expect(text('GiroRecep')).toBe('Construcción de edificios para uso resid');
    expect(text('DirRecep')).toBe((doc.receptor.direccion ?? '').slice(0, 70).trimEnd());
    expect(text('DirRecep').length).toBeLessThanOrEqual(70);
  });

  it('moves the part of a name beyond the 80 characters of NmbItem to DscItem, cut at a space (Formato DTE v2.2)', () => {
    const nombre = `${'Servicio de consultoría en integración de sistemas tributarios'} para la empresa cliente durante marzo`;
    const xml = buildDte(
      minimal({ detalle: [{ nombre, descripcion: 'Según contrato', cantidad: 1, precio_unitario: 1 }] }),
      TED,
      '2025-03-10T11:22:33',
    );
    const nmb = /<NmbItem>([^<]*)<\/NmbItem>/.exec(xml)?.[1] ?? '';
    const dsc = /<DscItem>([^<]*)<\/DscItem>/.exec(xml)?.[1] ?? '';
    expect(nmb.length).toBeLessThanOrEqual(80);
    expect(`${nmb} ${dsc}`).toBe(`${nombre} Según contrato`);
  });

  it('transliterates the typographic characters businesses type every day and refuses what has no equivalent', () => {
    const xml = buildDte(
      minimal({ detalle: [{ nombre: 'Curso “Excel” – nivel 2… • 10 €', cantidad: 1, precio_unitario: 1 }] }),
      TED,
      '2025-03-10T11:22:33',
    );
    expect(xml).toContain('<NmbItem>Curso &quot;Excel&quot; - nivel 2... - 10 EUR</NmbItem>');
    expect(() =>
      buildDte(minimal({ detalle: [{ nombre: 'Pastel 🎂', cantidad: 1, precio_unitario: 1 }] }), TED, '2025-03-10T11:22:33'),
    ).toThrow(/cannot be encoded in ISO-8859-1/);
  });

  it('refuses RazonRef > 90 and RznSocRecep > 100 instead of cutting them', () => {
    const ref = { tipo_doc: 33, folio: 1, fecha: '2025-03-01', codigo: 1 as const, razon: 'r'.repeat(91) };
    expect(() => buildDte(minimal({ tipo_dte: 61, referencias: [ref] }), TED, '2025-03-10T11:22:33')).toThrow(/RazonRef is longer than 90/);
    expect(() => buildDte(minimal({ receptor: { rut: '77777777-7', razon_social: 'y'.repeat(101) } }), TED, '2025-03-10T11:22:33')).toThrow(
      DteBuildError,
    );
  });

  it('requires referencias for 56 and 61 and writes them in XSD order', () => {
    expect(() => buildDte(minimal({ tipo_dte: 61 }), TED, '2025-03-10T11:22:33')).toThrow(/requires at least one referencia/);
    expect(() => buildDte(minimal({ tipo_dte: 56, referencias: [] }), TED, '2025-03-10T11:22:33')).toThrow(DteBuildError);
    const xml = buildDte(
      minimal({ tipo_dte: 61, referencias: [{ tipo_doc: 33, folio: 12, fecha: '2025-03-01', codigo: 1, razon: 'Anula factura' }] }),
      TED,
      '2025-03-10T11:22:33',
    );
    expect(xml).toContain(
      '<Referencia><NroLinRef>1</NroLinRef><TpoDocRef>33</TpoDocRef><FolioRef>12</FolioRef><FchRef>2025-03-01</FchRef><CodRef>1</CodRef><RazonRef>Anula factura</RazonRef></Referencia><TED',
    );
  });

  it('refuses characters outside ISO-8859-1 and control characters', () => {
    expect(() => buildDte(minimal({ receptor: { rut: '77777777-7', razon_social: 'Café ☕' } }), TED, '2025-03-10T11:22:33')).toThrow(
      DteEncodingError,
    );
    expect(() => buildDte(minimal({ receptor: { rut: '77777777-7', razon_social: 'A\u0007B' } }), TED, '2025-03-10T11:22:33')).toThrow(
      /control character/,
    );
  });

  it('refuses a TED that is not one and a bad TmstFirma', () => {
    expect(() => buildDte(minimal(), '<DD/>', '2025-03-10T11:22:33')).toThrow(/ted must be/);
    expect(() => buildDte(minimal(), TED, '2025-03-10')).toThrow(/TmstFirma/);
  });

  it('writes a guía 52 with TipoDespacho and IndTraslado in IdDoc and Transporte before Totales (DTE_v10.xsd order)', () => {
    const xml = buildDte(
      minimal({ tipo_dte: 52, tipo_despacho: 3, ind_traslado: 5, transporte: { comuna_destino: 'Quilicura', patente: 'XY1234' } }),
      TED,
      '2025-03-10T12:00:00',
    );
    expect(xml).toContain('<FchEmis>2025-03-10</FchEmis><TipoDespacho>3</TipoDespacho><IndTraslado>5</IndTraslado></IdDoc>');
    expect(xml).toContain('</Receptor><Transporte><Patente>XY1234</Patente><CmnaDest>Quilicura</CmnaDest></Transporte><Totales>');
  });

  it('requires IndTraslado on a 52 and refuses it on another type (Formato DTE v2.2 §A field 7)', () => {
    expect(() => buildDte(minimal({ tipo_dte: 52 }), TED, '2025-03-10T12:00:00')).toThrow(/IndTraslado is obligatory/);
    expect(() => buildDte(minimal({ ind_traslado: 1 }), TED, '2025-03-10T12:00:00')).toThrow(/IndTraslado/);
    expect(() => buildDte(minimal({ tipo_dte: 52, ind_traslado: 10 as 1 }), TED, '2025-03-10T12:00:00')).toThrow(/ind_traslado must be/);
  });

  it('ddInputFromDocumento takes MNT from the same totals and IT1 from the first line', () => {
    const dd = ddInputFromDocumento(sampleDocumento(), '<CAF/>', '2025-03-10T11:22:33');
    expect(dd).toMatchObject({
      re: '76086428-5',
      td: 33,
      f: 7,
      fe: '2025-03-10',
      rr: '77777777-7',
      mnt: 48690,
      it1: 'Tornillo autorroscante 8x1" (caja 100)',
    });
  });
});

describe('buildDte output against DTE_v10.xsd', () => {
  const signer = generateSigner();

  it.each([
    ['33 with an exempt line', sampleDocumento()],
    ['34', sampleDocumento({ tipo_dte: 34, folio: 3 })],
    [
      '56',
      sampleDocumento({
        tipo_dte: 56,
        folio: 4,
        referencias: [{ tipo_doc: 33, folio: 7, fecha: '2025-03-10', codigo: 3, razon: 'Corrige montos' }],
      }),
    ],
    [
      '61',
      sampleDocumento({
        tipo_dte: 61,
        folio: 5,
        referencias: [
          { tipo_doc: 'SET', folio: 0, fecha: '2025-03-10', razon: 'CASO 4567890-1' },
          { tipo_doc: 33, folio: 7, fecha: '2025-03-10', codigo: 1 },
        ],
      }),
    ],
    [
      '33 with every line and document field (codes, percent discounts, surcharges, ILA, no facturable, globals, payments)',
      sampleDocumento({
        folio: 6,
        indicador_servicio: 3,
        tipo_transaccion_venta: 1,
        tipo_transaccion_compra: 2,
        forma_pago: 2,
        pagos: [
          { fecha: '2025-04-10', monto: 20_000, glosa: 'Primera cuota' },
          { fecha: '2025-05-10', monto: 20_000 },
        ],
        fecha_vencimiento: '2025-05-10',
        detalle: [
          {
            nombre: 'Vino reserva',
            codigos: [
              { tipo: 'EAN13', valor: '7801234567890' },
              { tipo: 'PLU', valor: '44' },
            ],
            codigo: 'VIN-01',
            cantidad: '12',
            unidad: 'BOT',
            precio_unitario: '4990.5',
            descuento_pct: 5,
            codigo_impuesto_adicional: 25,
          },
          { nombre: 'Flete', cantidad: 1, precio_unitario: 8000, recargo_pct: '2.5' },
          { nombre: 'Libro', cantidad: 1, precio_unitario: 12_000, exento: true, descuento_monto: 1000 },
          { nombre: 'Envase retornable', cantidad: 2, precio_unitario: 350, no_facturable: true },
          { nombre: 'Anticipo facturado', cantidad: 1, precio_unitario: 5000, no_facturable_negativo: true },
        ],
        descuentos_recargos: [
          { tipo: 'D', valor: 3, unidad: '%', aplica: 'afecto', glosa: 'Cliente frecuente' },
          { tipo: 'R', valor: 500, unidad: '$', aplica: 'exento' },
        ],
      }),
    ],
    [
      '52 guía de despacho with TipoDespacho, IndTraslado and the whole Transporte',
      sampleDocumento({
        tipo_dte: 52,
        folio: 4,
        forma_pago: undefined,
        tipo_despacho: 2,
        ind_traslado: 1,
        transporte: {
          patente: 'ABCD12',
          rut_transportista: '77777777-7',
          chofer: { rut: '11111111-1', nombre: 'Juan Pérez Soto' },
          direccion_destino: 'Camino a Farellones 18000',
          comuna_destino: 'Lo Barnechea',
          ciudad_destino: 'Santiago',
        },
      }),
    ],
  ])('a signed %s validates', async (_name, doc) => {
    const generated = generateCaf({ td: doc.tipo_dte, desde: 1, hasta: 10 });
    const signed = await emitSignedDte(doc, generated, signer);
    const result = await validateXsd(signed, 'DTE');
    expect(result).toEqual({ valid: true, errors: [] });
  });
});
