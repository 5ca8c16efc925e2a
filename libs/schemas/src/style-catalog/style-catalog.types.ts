import type { ADOPTION_CLASSIFICATIONS, STYLE_COMPONENT_STATUSES } from './constants';

/** Component status (docs/spec/3-style-catalog-and-accounting.md, Component.status). */
export type StyleComponentStatus = (typeof STYLE_COMPONENT_STATUSES)[number];

/** Adoption classification (docs/spec/3-style-catalog-and-accounting.md, adoption_evidence.classification). */
export type AdoptionClassification = (typeof ADOPTION_CLASSIFICATIONS)[number];

/** Catalog-wide counters (docs/spec/3-style-catalog-and-accounting.md, Coverage fields); all integers, see the schema for minimums. */
export interface StyleCatalogCoverage {
  component_count: number;
  category_count: number;
  examples_per_component: number;
  observed_component_count: number;
  proposed_component_count: number;
}

/** Who owns a component: always the shared style repository (docs/spec/3-style-catalog-and-accounting.md, Component.owner). */
export interface StyleComponentOwner {
  repository: string;
  steward: string;
  scope: string;
}

/** One brand/site/theme combination a component supports. */
export interface StyleComponentVariant {
  brand: string;
  site: string;
  theme: string;
}

export interface StyleComponentGuidance {
  do: string[];
  dont: string[];
}

/** Evidence of use in repositories (docs/spec/3-style-catalog-and-accounting.md, adoption_evidence); generated_at may be null. */
export interface StyleAdoptionEvidence {
  classification: AdoptionClassification;
  implementation_count: number;
  repository_count: number;
  repositories: string[];
  snapshot: string;
  generated_at: string | null;
}

export interface StyleComponentExample {
  id: string;
  name: string;
  brand: string;
  site: string;
  theme: string;
  description: string;
  html: string;
}

/** The only object of the catalog that accepts extra properties (e.g. css, js). */
export interface StyleComponentCode {
  html: string;
  [extra: string]: unknown;
}

/** One component of the shared style system (docs/spec/3-style-catalog-and-accounting.md, Component: every field required). */
export interface StyleComponent {
  id: string;
  name: string;
  category: string;
  summary: string;
  status: StyleComponentStatus;
  owner: StyleComponentOwner;
  variants: StyleComponentVariant[];
  guidance: StyleComponentGuidance;
  consumers: string[];
  dependencies: string[];
  states: string[];
  accessibility: string[];
  adoption_evidence: StyleAdoptionEvidence;
  examples: StyleComponentExample[];
  code: StyleComponentCode;
}

/** The catalog document `platform.style.components.v1` (docs/spec/3-style-catalog-and-accounting.md, Catalog document). */
export interface StyleCatalog {
  schema: string;
  version: string;
  coverage: StyleCatalogCoverage;
  components: StyleComponent[];
}
