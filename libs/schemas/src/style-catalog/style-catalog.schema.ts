import {
  ADOPTION_CLASSIFICATIONS,
  STYLE_CATALOG_JSON_SCHEMA_ID,
  STYLE_CATALOG_SCHEMA_ID,
  STYLE_COMPONENT_ID_PATTERN,
  STYLE_COMPONENT_STATUSES,
  STYLE_REPOSITORY_ID,
} from './constants';

// `closed` makes every listed property required and forbids others: "all fields are required" and "accepts no properties beyond
// those listed ... except the code object" (docs/spec/3-style-catalog-and-accounting.md, Catalog document).
type Schema = Record<string, unknown>;

const str = (minLength?: number): Schema => (minLength === undefined ? { type: 'string' } : { type: 'string', minLength });
const int = (minimum: number): Schema => ({ type: 'integer', minimum });
const arrayOf = (items: Schema, minItems?: number): Schema =>
  minItems === undefined ? { type: 'array', items } : { type: 'array', items, minItems };
const closed = (properties: Record<string, Schema>): Schema => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
  additionalProperties: false,
});

const coverage = closed({
  component_count: int(1),
  category_count: int(1),
  examples_per_component: int(2),
  observed_component_count: int(0),
  proposed_component_count: int(0),
});

const owner = closed({
  repository: { type: 'string', const: STYLE_REPOSITORY_ID },
  steward: str(1),
  scope: str(1),
});

const variant = closed({ brand: str(), site: str(), theme: str() });

const guidance = closed({ do: arrayOf(str(), 2), dont: arrayOf(str(), 2) });

const adoptionEvidence = closed({
  classification: { type: 'string', enum: [...ADOPTION_CLASSIFICATIONS] },
  implementation_count: int(0),
  repository_count: int(0),
  repositories: arrayOf(str()),
  snapshot: str(),
  generated_at: { type: ['string', 'null'] },
});

const example = closed({
  id: str(),
  name: str(),
  brand: str(),
  site: str(),
  theme: str(),
  description: str(),
  html: str(),
});

// The one open object: `html` is required, any other property (css, js, framework snippets) is allowed.
const code: Schema = {
  type: 'object',
  required: ['html'],
  properties: { html: str(1) },
  additionalProperties: true,
};

const component = closed({
  id: { type: 'string', pattern: STYLE_COMPONENT_ID_PATTERN },
  name: str(1),
  category: str(1),
  summary: str(1),
  status: { type: 'string', enum: [...STYLE_COMPONENT_STATUSES] },
  owner,
  variants: arrayOf(variant, 2),
  guidance,
  consumers: arrayOf(str(), 1),
  dependencies: arrayOf(str()),
  states: arrayOf(str(), 1),
  accessibility: arrayOf(str(), 1),
  adoption_evidence: adoptionEvidence,
  examples: arrayOf(example, 2),
  code,
});

/** Exact to docs/spec/3-style-catalog-and-accounting.md; `generated_at` is a union type, so validators need `allowUnionTypes`. */
export const STYLE_CATALOG_JSON_SCHEMA: Readonly<Schema> = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: STYLE_CATALOG_JSON_SCHEMA_ID,
  title: 'Style component catalog (platform.style.components.v1)',
  ...closed({
    schema: { type: 'string', const: STYLE_CATALOG_SCHEMA_ID },
    version: str(),
    coverage,
    components: arrayOf(component, 1),
  }),
};
