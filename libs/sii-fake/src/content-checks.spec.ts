import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ParsedDte, parseDteDocuments } from '@lib/dte';
import { SiiFakeAuthority } from './authority';
import { contentProblems } from './content-checks';
import { judgeDocument } from './upload-checks';

// The SII's own example factura (libs/dte/test/data), then one rule broken at a time.
const example = (): ParsedDte => parseDteDocuments(readFileSync(join(__dirname, '../../dte/test/data/F60T33-official-sii-example.xml')))[0];

describe('contentProblems (what the SII checks in each DTE)', () => {
  it('accepts the SII’s own example', () => {
    expect(contentProblems(example())).toEqual([]);
  });

  it('refuses a TED that does not repeat the document', () => {
    const dte = example();
    dte.montos = { ...dte.montos, total: dte.montos.total + 1, iva: dte.montos.iva + 1 };
    expect(contentProblems(dte)).toEqual(['(TED) MNT del timbre no corresponde al documento']);
  });

  it('refuses a document without the issuer’s comuna', () => {
    const dte = example();
    dte.emisor = { ...dte.emisor, comuna: undefined };
    expect(contentProblems(dte)).toEqual(['(HED) Falta Comuna de Origen']);
  });

  it('refuses line amounts that do not add up, and a factura afecta whose lines are all exempt', () => {
    const dte = example();
    dte.detalle = dte.detalle.map((d, i) => (i === 0 ? { ...d, monto: d.monto + 10 } : d));
    expect(contentProblems(dte)).toEqual([expect.stringMatching(/^\(DET\) Suma de lineas afectas \d+ distinta de MntNeto/)]);
    const exenta = example();
    exenta.detalle = exenta.detalle.map((d) => ({ ...d, exento: true }));
    expect(contentProblems(exenta)).toContain('(DET) Factura afecta sin lineas afectas');
  });

  it('refuses a nota de crédito without a reference or without CodRef', () => {
    const nota: ParsedDte = { ...example(), tipo_dte: 61, referencias: [] };
    nota.ted = undefined;
    expect(contentProblems(nota)).toEqual(['(REF) Nota sin referencia al documento que modifica']);
    nota.referencias = [{ linea: 1, tipo_doc: '33', folio: '60', global: false }];
    expect(contentProblems(nota)).toEqual(['(REF) Nota sin CodRef']);
  });
});

describe('judgeDocument (per-document result at EPR)', () => {
  // The example's CAF was authorized on 2003-09-04: judged while it was still valid.
  const authority = new SiiFakeAuthority({ now: () => new Date('2003-10-01T12:00:00Z') });
  it('DOK, RLV for IVA off by a peso, RPR beyond', () => {
    expect(judgeDocument(authority, example()).result).toBe('DOK');
    const leve = example();
    leve.montos = { ...leve.montos, iva: leve.montos.iva + 1, total: leve.montos.total + 1 };
    leve.ted = undefined;
    const r = judgeDocument(authority, leve);
    expect({ result: r.result, detail: r.detail }).toEqual({ result: 'RLV', detail: expect.stringMatching(/^IVA \d+ distinto de \d+/) });
    const grave = example();
    grave.montos = { ...grave.montos, iva: grave.montos.iva + 50, total: grave.montos.total + 50 };
    grave.ted = undefined;
    expect(judgeDocument(authority, grave).result).toBe('RPR');
  });
});
