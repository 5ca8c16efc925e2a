import type { ADOPTION_CLASSIFICATIONS, STYLE_COMPONENT_STATUSES } from './constants';

/** Types of docs/spec/3-style-catalog-and-accounting.md (Component, adoption_evidence, Coverage fields, Catalog document). */
export type StyleComponentStatus = (typeof STYLE_COMPONENT_STATUSES)[number];

export type AdoptionClassification = (typeof ADOPTION_CLASSIFICATIONS)[number];

export interface StyleCatalogCoverage {
  component_count: number;
  category_count: number;
  examples_per_component: number;
  observed_component_count: number;
  proposed_component_count: number;
}

export interface StyleComponentOwner {
  repository: string;
  steward: string;
  scope: string;
}

export interface StyleComponentVariant {
  brand: string;
  site: string;
  theme: string;
}

export interface StyleComponentGuidance {
  do: string[];
  dont: string[];
}

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

export interface StyleCatalog {
  schema: string;
  version: string;
  coverage: StyleCatalogCoverage;
  components: StyleComponent[];
}
