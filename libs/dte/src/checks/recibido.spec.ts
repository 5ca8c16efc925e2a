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
    expect(dte.montos.impuestos_adicionales).toEqual([{ codigo: 25, tasa: 20.5, monto: 2331 }]);
    expect(totalesDiscrepancias(dte)).toEqual([]);
    const wrong = { ...dte, montos: { ...dte.montos, impuestos_adicionales: [{ codigo: 25, tasa: 20.5, monto: 2332 }] } };
    expect(totalesDiscrepancias(wrong)).toEqual([
      { campo: 'MontoImp', codigo: 25, documento: 2332, calculado: 2331 },
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
