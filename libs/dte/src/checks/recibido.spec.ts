import { officialExample } from '../../test/fixtures';
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
