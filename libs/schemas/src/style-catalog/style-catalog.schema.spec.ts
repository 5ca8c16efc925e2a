import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import {
  STYLE_CATALOG_JSON_SCHEMA,
  STYLE_CATALOG_JSON_SCHEMA_ID,
  STYLE_CATALOG_SCHEMA_ID,
  STYLE_REPOSITORY_ID,
  validateStyleCatalog,
} from './index';

// Every case violates exactly one rule of docs/spec/3-style-catalog-and-accounting.md (Catalog document, Coverage fields, Component,
// adoption_evidence, Limits) on an otherwise valid copy of the shipped example, and expects exactly
// one violation, at that pointer, for that keyword.
const example = JSON.parse(readFileSync(join(__dirname, 'example.catalog.json'), 'utf8'));
// The cases edit arbitrary paths of a JSON document, including ones the StyleCatalog type forbids.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const clone = (): Json => structuredClone(example);

type Mutation = (doc: Json) => void;
const set =
  (path: string, value: unknown): Mutation =>
  (doc) => {
    const keys = path.split('.');
    const last = keys.pop() as string;
    const parent = keys.reduce((node, key) => node[key], doc);
    parent[last] = value;
  };
const del =
  (path: string): Mutation =>
  (doc) => {
    const keys = path.split('.');
    const last = keys.pop() as string;
    delete keys.reduce((node, key) => node[key], doc)[last];
  };
const dotted = (pointer: string) => pointer.slice(1).replace(/\//g, '.');

function expectSingleViolation(mutate: Mutation, pointer: string, rule: string) {
  const doc = clone();
  mutate(doc);
  const result = validateStyleCatalog(doc);
  expect(result.valid).toBe(false);
  expect(result.errors.map(({ pointer, rule }) => ({ pointer, rule }))).toEqual([{ pointer, rule }]);
  expect(result.errors[0].message.length).toBeGreaterThan(0);
}

describe('style catalog JSON Schema', () => {
  it('is a draft 2020-12 schema with the constant $id, compiling under ajv strict mode', () => {
    expect(STYLE_CATALOG_JSON_SCHEMA.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(STYLE_CATALOG_JSON_SCHEMA.$id).toBe(STYLE_CATALOG_JSON_SCHEMA_ID);
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
    expect(() => ajv.compile(STYLE_CATALOG_JSON_SCHEMA)).not.toThrow();
  });

  it('accepts the shipped example (>= 3 components, 2 variants and 2 examples each)', () => {
    expect(validateStyleCatalog(example)).toEqual({ valid: true, errors: [] });
    expect(example.components.length).toBeGreaterThanOrEqual(3);
    for (const c of example.components) {
      expect(c.variants).toHaveLength(2);
      expect(c.examples).toHaveLength(2);
    }
  });

  it('rejects a document that is not an object', () => {
    expect(validateStyleCatalog([]).errors).toEqual([{ pointer: '', rule: 'type', message: 'must be object' }]);
  });

  describe('catalog document', () => {
    it.each(['schema', 'version', 'coverage', 'components'])('requires %s', (field) => {
      expectSingleViolation(del(field), `/${field}`, 'required');
    });
    it.each<[string, Mutation, string, string]>([
      ['schema must be the constant', set('schema', 'platform.style.components.v2'), '/schema', 'const'],
      ['version must be a string', set('version', 1), '/version', 'type'],
      ['components needs at least 1 item', set('components', []), '/components', 'minItems'],
      ['components must be an array', set('components', {}), '/components', 'type'],
      ['coverage must be an object', set('coverage', 3), '/coverage', 'type'],
      ['no extra top-level property', set('title', 'x'), '/title', 'additionalProperties'],
    ])('%s', (_name, mutate, pointer, rule) => expectSingleViolation(mutate, pointer, rule));
    it('exposes the constant identifier', () => {
      expect(example.schema).toBe(STYLE_CATALOG_SCHEMA_ID);
    });
  });

  describe('coverage', () => {
    const minimums: [string, number][] = [
      ['component_count', 1],
      ['category_count', 1],
      ['examples_per_component', 2],
      ['observed_component_count', 0],
      ['proposed_component_count', 0],
    ];
    it.each(minimums)('requires %s', (field) => expectSingleViolation(del(`coverage.${field}`), `/coverage/${field}`, 'required'));
    it.each(minimums)('%s has minimum %d', (field, min) =>
      expectSingleViolation(set(`coverage.${field}`, min - 1), `/coverage/${field}`, 'minimum'),
    );
    it.each(minimums)('%s accepts its minimum %d', (field, min) => {
      const doc = clone();
      doc.coverage[field] = min;
      expect(validateStyleCatalog(doc).valid).toBe(true);
    });
    it.each(minimums)('%s must be an integer', (field, min) =>
      expectSingleViolation(set(`coverage.${field}`, min + 0.5), `/coverage/${field}`, 'type'),
    );
    it('accepts no extra property', () => expectSingleViolation(set('coverage.total', 3), '/coverage/total', 'additionalProperties'));
  });

  describe('component', () => {
    const fields = [
      'id',
      'name',
      'category',
      'summary',
      'status',
      'owner',
      'variants',
      'guidance',
      'consumers',
      'dependencies',
      'states',
      'accessibility',
      'adoption_evidence',
      'examples',
      'code',
    ];
    it.each(fields)('requires %s', (field) => expectSingleViolation(del(`components.0.${field}`), `/components/0/${field}`, 'required'));
    it.each(['Button', 'button_primary', 'button--primary', '-button', 'button-', 'botón', ''])('id %j breaks the pattern', (id) =>
      expectSingleViolation(set('components.1.id', id), '/components/1/id', 'pattern'),
    );
    it.each(['button', 'button-2', 'a1-b2-c3'])('id %j matches the pattern', (id) => {
      const doc = clone();
      doc.components[0].id = id;
      expect(validateStyleCatalog(doc).valid).toBe(true);
    });
    it.each(['name', 'category', 'summary'])('%s needs at least 1 character', (field) =>
      expectSingleViolation(set(`components.0.${field}`, ''), `/components/0/${field}`, 'minLength'),
    );
    it.each<[string, Mutation, string, string]>([
      ['status outside candidato|estable|deprecado', set('components.0.status', 'stable'), '/components/0/status', 'enum'],
      ['no extra component property', set('components.2.tags', []), '/components/2/tags', 'additionalProperties'],
      [
        'owner.repository is the style repository constant',
        set('components.0.owner.repository', 'other-style'),
        '/components/0/owner/repository',
        'const',
      ],
      ['owner.steward needs 1 character', set('components.0.owner.steward', ''), '/components/0/owner/steward', 'minLength'],
      ['owner.scope needs 1 character', set('components.0.owner.scope', ''), '/components/0/owner/scope', 'minLength'],
      ['owner.steward is required', del('components.0.owner.steward'), '/components/0/owner/steward', 'required'],
      ['owner.scope is required', del('components.0.owner.scope'), '/components/0/owner/scope', 'required'],
      ['owner.repository is required', del('components.0.owner.repository'), '/components/0/owner/repository', 'required'],
      ['no extra owner property', set('components.0.owner.email', 'x@y'), '/components/0/owner/email', 'additionalProperties'],
      ['variants needs 2 items', (d) => d.components[0].variants.pop(), '/components/0/variants', 'minItems'],
      ['variant.brand is required', del('components.0.variants.1.brand'), '/components/0/variants/1/brand', 'required'],
      ['variant.site is required', del('components.0.variants.1.site'), '/components/0/variants/1/site', 'required'],
      ['variant.theme is required', del('components.0.variants.1.theme'), '/components/0/variants/1/theme', 'required'],
      ['variant.theme is a string', set('components.0.variants.0.theme', null), '/components/0/variants/0/theme', 'type'],
      [
        'no extra variant property',
        set('components.0.variants.0.density', 'alta'),
        '/components/0/variants/0/density',
        'additionalProperties',
      ],
      ['guidance.do needs 2 items', set('components.1.guidance.do', ['uno']), '/components/1/guidance/do', 'minItems'],
      ['guidance.dont needs 2 items', set('components.1.guidance.dont', ['uno']), '/components/1/guidance/dont', 'minItems'],
      ['guidance.do is required', del('components.1.guidance.do'), '/components/1/guidance/do', 'required'],
      ['guidance.dont is required', del('components.1.guidance.dont'), '/components/1/guidance/dont', 'required'],
      ['guidance items are strings', set('components.1.guidance.do', ['uno', 2]), '/components/1/guidance/do/1', 'type'],
      ['no extra guidance property', set('components.1.guidance.maybe', []), '/components/1/guidance/maybe', 'additionalProperties'],
      ['consumers needs 1 item', set('components.0.consumers', []), '/components/0/consumers', 'minItems'],
      ['consumers items are strings', set('components.0.consumers', [7]), '/components/0/consumers/0', 'type'],
      ['dependencies items are strings', set('components.0.dependencies', [{}]), '/components/0/dependencies/0', 'type'],
      ['states needs 1 item', set('components.0.states', []), '/components/0/states', 'minItems'],
      ['accessibility needs 1 item', set('components.0.accessibility', []), '/components/0/accessibility', 'minItems'],
      ['examples needs 2 items', (d) => d.components[2].examples.pop(), '/components/2/examples', 'minItems'],
      ['no extra example property', set('components.0.examples.0.css', ''), '/components/0/examples/0/css', 'additionalProperties'],
      ['example.html is a string', set('components.0.examples.0.html', 1), '/components/0/examples/0/html', 'type'],
      ['code.html is required', del('components.0.code.html'), '/components/0/code/html', 'required'],
      ['code.html needs 1 character', set('components.0.code.html', ''), '/components/0/code/html', 'minLength'],
      ['code must be an object', set('components.0.code', '<b>'), '/components/0/code', 'type'],
    ])('%s', (_name, mutate, pointer, rule) => expectSingleViolation(mutate, pointer, rule));
    it.each(['id', 'name', 'brand', 'site', 'theme', 'description', 'html'])('example.%s is required', (field) =>
      expectSingleViolation(del(`components.1.examples.0.${field}`), `/components/1/examples/0/${field}`, 'required'),
    );
    it('dependencies may be empty', () => {
      const doc = clone();
      doc.components[1].dependencies = [];
      expect(validateStyleCatalog(doc).valid).toBe(true);
    });
    it('code accepts extra properties', () => {
      const doc = clone();
      doc.components[0].code = { html: '<button>x</button>', css: '.x{}', react: '<Button/>', meta: { a: 1 } };
      expect(validateStyleCatalog(doc).valid).toBe(true);
    });
    it('owner.repository accepts the exported constant', () => {
      expect(example.components.every((c: Json) => c.owner.repository === STYLE_REPOSITORY_ID)).toBe(true);
    });
  });

  describe('adoption_evidence', () => {
    const base = '/components/0/adoption_evidence';
    it.each(['classification', 'implementation_count', 'repository_count', 'repositories', 'snapshot', 'generated_at'])(
      'requires %s',
      (field) => expectSingleViolation(del(`${dotted(base)}.${field}`), `${base}/${field}`, 'required'),
    );
    it.each<[string, Mutation, string, string]>([
      ['classification outside observado|propuesto', set(`${dotted(base)}.classification`, 'observed'), `${base}/classification`, 'enum'],
      ['implementation_count >= 0', set(`${dotted(base)}.implementation_count`, -1), `${base}/implementation_count`, 'minimum'],
      ['implementation_count is an integer', set(`${dotted(base)}.implementation_count`, 1.5), `${base}/implementation_count`, 'type'],
      ['repository_count >= 0', set(`${dotted(base)}.repository_count`, -1), `${base}/repository_count`, 'minimum'],
      ['repository_count is an integer', set(`${dotted(base)}.repository_count`, '2'), `${base}/repository_count`, 'type'],
      ['repositories is an array of strings', set(`${dotted(base)}.repositories`, ['a', null]), `${base}/repositories/1`, 'type'],
      ['snapshot is a string', set(`${dotted(base)}.snapshot`, 20260302), `${base}/snapshot`, 'type'],
      ['generated_at is a string or null', set(`${dotted(base)}.generated_at`, 0), `${base}/generated_at`, 'type'],
      ['no extra property', set(`${dotted(base)}.source`, 'x'), `${base}/source`, 'additionalProperties'],
    ])('%s', (_name, mutate, pointer, rule) => expectSingleViolation(mutate, pointer, rule));
    it.each([null, '2026-03-02T12:00:00Z'])('generated_at accepts %j', (value) => {
      const doc = clone();
      doc.components[0].adoption_evidence.generated_at = value;
      expect(validateStyleCatalog(doc).valid).toBe(true);
    });
  });

  it('reports every violation at once (allErrors)', () => {
    const doc = clone();
    doc.schema = 'x';
    doc.components[0].status = 'nuevo';
    doc.components[1].code.html = '';
    expect(validateStyleCatalog(doc).errors.map((e) => e.pointer)).toEqual(['/components/0/status', '/components/1/code/html', '/schema']);
  });
});
