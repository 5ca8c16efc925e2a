import * as iconv from 'iconv-lite';
import { generateCaf, generateSigner, emitSignedDte, officialExample, sampleDocumento, ventaEnDosCuotas } from '../../test/fixtures';
import { buildDte } from '../builders/documento';
import { DteParseError } from '../errors';
import { parseDteDocuments } from './received';

const exampleText = () => officialExample().toString('latin1');
const exampleDte = () => /<DTE version="1.0">[\s\S]*<\/DTE>/.exec(exampleText())?.[0] ?? '';

describe('parseDteDocuments', () => {
  it('reads the SII official example EnvioDTE', () => {
    const [dte, ...rest] = parseDteDocuments(officialExample());
    expect(rest).toHaveLength(0);
    expect(dte).toMatchObject({
      tipo_dte: 33,
      folio: 60,
      fecha_emision: '2003-10-13',
      id: 'F60T33',
      emisor: { rut: '97975000-5', razon_social: 'RUT DE PRUEBA', giro: 'Insumos de Computacion', acteco: [31341], comuna: 'Santiago' },
      receptor: { rut: '77777777-7', razon_social: 'EMPRESA  LTDA', giro: 'COMPUTACION', direccion: 'SAN DIEGO 2222' },
      montos: { neto: 100000, exento: 0, iva: 19000, total: 119000, tasa_iva: 19 },
      referencias: [],
      tmst_firma: '2003-10-13T09:33:20',
      signed: true,
    });
    expect(dte.detalle.map((d) => [d.linea, d.nombre, d.cantidad, d.precio_unitario, d.monto, d.exento])).toEqual([
      [1, 'Parlantes Multimedia 180W.', 20, 4500, 90000, false],
      [2, 'Mouse Inalambrico PS/2', 1, 5000, 5000, false],
      [3, 'Caja de Diskettes 10 Unidades', 5, 1000, 5000, false],
    ]);
    expect(dte.detalle[0].codigos).toEqual([{ tipo: 'INT1', valor: '011' }]);
    expect(dte.detalle[0].descripcion).toBeUndefined();
    expect(dte.ted?.ddXml.startsWith('<DD><RE>97975000-5</RE><TD>33</TD><F>60</F>')).toBe(true);
    expect(dte.ted?.frmt).toBe('GbmDcS9e/jVC2LsLIe1iRV12Bf6lxsILtbQiCkh6mbjckFCJ7fj/kakFTS06Jo8iS4HXvJj3oYZuey53Krniew==');
    expect(dte.xml).toBe(exampleDte());
  });

  it('reads the payment terms, the line discounts and surcharges and the global ones as written', () => {
    const doc = sampleDocumento({
      ...ventaEnDosCuotas(40_000, 35_000),
      detalle: [
        { nombre: 'Tornillos', cantidad: 3, precio_unitario: 4990, descuento_pct: '12.5' },
        { nombre: 'Flete', cantidad: 1, precio_unitario: 10_000, recargo_monto: 700 },
        { nombre: 'Libro', cantidad: 1, precio_unitario: 8000, exento: true, recargo_pct: 5 },
      ],
      descuentos_recargos: [
        { tipo: 'D', unidad: '%', valor: '7.5', aplica: 'afecto', glosa: 'Cliente frecuente' },
        { tipo: 'R', unidad: '$', valor: 1200, aplica: 'exento' },
      ],
    });
    const [dte] = parseDteDocuments(buildDte(doc, '<TED version="1.0"><DD><RE>1-9</RE></DD></TED>', '2025-03-10T11:22:33'));
    expect([dte.forma_pago, dte.fecha_vencimiento]).toEqual([2, '2025-04-09']);
    expect(dte.pagos).toEqual([
      { fecha: '2025-03-25', monto: 40_000, glosa: 'Primera cuota' },
      { fecha: '2025-04-09', monto: 35_000, glosa: undefined },
    ]);
    expect(dte.detalle.map((d) => [d.descuento_pct, d.descuento_monto, d.recargo_pct, d.recargo_monto])).toEqual([
      [12.5, 1871, undefined, undefined],
      [undefined, undefined, undefined, 700],
      [undefined, undefined, 5, 400],
    ]);
    expect(dte.descuentos_recargos).toEqual([
      { tipo: 'D', unidad: '%', valor: 7.5, ind_exe: undefined, glosa: 'Cliente frecuente' },
      { tipo: 'R', unidad: '$', valor: 1200, ind_exe: 1, glosa: undefined },
    ]);
    expect(parseDteDocuments(officialExample())[0].pagos).toEqual([]);
  });

  it('reads a standalone DTE with and without the SiiDte namespace', () => {
    const bare = parseDteDocuments(exampleDte());
    const withNs = parseDteDocuments(exampleDte().replace('<DTE version="1.0">', '<DTE xmlns="http://www.sii.cl/SiiDte" version="1.0">'));
    expect(bare[0].folio).toBe(60);
    expect(withNs[0].montos).toEqual(bare[0].montos);
  });

  it('reads windows-1252 bytes (0x80 = €) and UTF-8 with BOM', async () => {
    const doc = sampleDocumento({ receptor: { rut: '77777777-7', razon_social: 'Peñalolén Ñuñoa SpA' } });
    const signed = await emitSignedDte(doc, generateCaf(), generateSigner());
    const cp1252 = `<?xml version="1.0" encoding="windows-1252"?>\n<!-- precio en € -->\n${signed}`;
    const bytes = iconv.encode(cp1252, 'win1252');
    expect(bytes.includes(0x80)).toBe(true);
    const [fromCp1252] = parseDteDocuments(bytes);
    expect(fromCp1252.receptor.razon_social).toBe('Peñalolén Ñuñoa SpA');
    expect(fromCp1252.xml).toBe(signed);
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(signed, 'utf8')]);
    expect(parseDteDocuments(utf8)[0].receptor.razon_social).toBe('Peñalolén Ñuñoa SpA');
  });

  it('copes with comments (even ones mentioning <DTE>), prefixes and indentation', () => {
    const text = exampleText()
      .replace('<SetDTE ID="SetDoc">', '<SetDTE ID="SetDoc">\n  <!-- a <DTE> inside a comment is not a DTE -->')
      .replace('<DTE version="1.0">', '<!-- first --><DTE version="1.0">\n');
    const parsed = parseDteDocuments(Buffer.from(text, 'latin1'));
    expect(parsed).toHaveLength(1);
    expect(parsed[0].xml.startsWith('<DTE version="1.0">\n\r\n\t<Documento ID="F60T33">')).toBe(true);
    expect(parsed[0].xml.endsWith('</Signature></DTE>')).toBe(true);
    const prefixed = `<s:EnvioDTE xmlns:s="http://www.sii.cl/SiiDte" version="1.0"><s:SetDTE ID="SetDoc"><s:DTE version="1.0"><s:Documento ID="F1T33"><s:Encabezado><s:IdDoc><s:TipoDTE>33</s:TipoDTE><s:Folio>1</s:Folio><s:FchEmis>2025-01-01</s:FchEmis></s:IdDoc><s:Emisor><s:RUTEmisor>1-9</s:RUTEmisor></s:Emisor><s:Receptor><s:RUTRecep>2-7</s:RUTRecep></s:Receptor><s:Totales><s:MntTotal>10</s:MntTotal></s:Totales></s:Encabezado></s:Documento></s:DTE></s:SetDTE></s:EnvioDTE>`;
    expect(parseDteDocuments(prefixed)[0]).toMatchObject({ folio: 1, montos: { total: 10 }, emisor: { rut: '1-9' } });
  });

  it.each([
    ['RespuestaDTE', '<RespuestaDTE xmlns="http://www.sii.cl/SiiDte" version="1.0"><Resultado ID="R1"/></RespuestaDTE>', /RespuestaDTE/],
    ['EnvioRecibos', '<EnvioRecibos xmlns="http://www.sii.cl/SiiDte" version="1.0"><SetRecibos ID="S"/></EnvioRecibos>', /EnvioRecibos/],
    ['garbage', 'PK\u0003\u0004 this is a zip', /not XML/],
    ['unclosed tags', '<EnvioDTE><SetDTE>', /malformed/],
    ['an EnvioDTE without DTEs', '<EnvioDTE xmlns="http://www.sii.cl/SiiDte"><SetDTE ID="SetDoc"/></EnvioDTE>', /without DTE/],
    ['another namespace', '<DTE xmlns="urn:other"/>', /namespace/],
    [
      'an XML bomb',
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><DTE>&lol2;</DTE>',
      /DOCTYPE/,
    ],
  ])('rejects %s with DteParseError', (_name, xml, message) => {
    expect(() => parseDteDocuments(Buffer.from(xml, 'latin1'))).toThrow(DteParseError);
    expect(() => parseDteDocuments(Buffer.from(xml, 'latin1'))).toThrow(message);
  });
});
