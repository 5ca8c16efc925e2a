import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  StyleCatalogError,
  formatStyleCatalogViolation,
  loadStyleCatalog,
  styleCatalogConsistencyWarnings,
  type StyleCatalog,
} from './index';

const examplePath = join(__dirname, 'example.catalog.json');
const dir = mkdtempSync(join(tmpdir(), 'style-catalog-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('loadStyleCatalog', () => {
  it('returns the typed catalog of a valid file', () => {
    const catalog = loadStyleCatalog(examplePath);
    expect(catalog.schema).toBe('platform.style.components.v1');
    expect(catalog.components.map((c) => c.id)).toEqual(['button', 'alert', 'service-card']);
  });

  it('throws listing every violation with pointer and rule', () => {
    const doc = JSON.parse(readFileSync(examplePath, 'utf8'));
    doc.components[0].variants = [doc.components[0].variants[0]];
    doc.coverage.extra = 1;
    const path = write('bad.json', JSON.stringify(doc));
    let error: unknown;
    try {
      loadStyleCatalog(path);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(StyleCatalogError);
    const { message, violations } = error as StyleCatalogError;
    expect(message).toContain(path);
    expect(message).toContain('2 schema violation(s)');
    expect(message).toContain('/components/0/variants: minItems (must NOT have fewer than 2 items)');
    expect(message).toContain('/coverage/extra: additionalProperties');
    expect(violations).toHaveLength(2);
  });

  it('throws a clear error for a missing file and for invalid JSON', () => {
    expect(() => loadStyleCatalog(join(dir, 'missing.json'))).toThrow(/cannot read file/);
    expect(() => loadStyleCatalog(write('broken.json', '{"schema": '))).toThrow(/not valid JSON/);
  });

  it('formats the root pointer readably', () => {
    expect(formatStyleCatalogViolation({ pointer: '', rule: 'type', message: 'must be object' })).toBe('(root): type (must be object)');
  });
});

describe('styleCatalogConsistencyWarnings', () => {
  const example = (): StyleCatalog => JSON.parse(readFileSync(examplePath, 'utf8'));

  it('finds the shipped example consistent', () => {
    expect(styleCatalogConsistencyWarnings(example())).toEqual([]);
  });

  it('reports counters that disagree with the components', () => {
    const catalog = example();
    catalog.coverage.component_count = 4;
    catalog.coverage.proposed_component_count = 0;
    catalog.components[0].adoption_evidence.repository_count = 5;
    catalog.components[1].id = 'button';
    expect(styleCatalogConsistencyWarnings(catalog)).toEqual([
      '/coverage/component_count: declares 4, the components give 3',
      '/coverage/proposed_component_count: declares 0, the components give 1',
      '/components/0/adoption_evidence/repository_count: declares 5, repositories lists 2',
      '/components/1/id: duplicate component id "button"',
    ]);
  });
});
