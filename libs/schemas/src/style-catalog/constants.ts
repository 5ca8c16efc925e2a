/**
 * Constants of the style component catalog (docs/spec/3-style-catalog-and-accounting.md, "Catalog document" and "Versioning").
 */

/** Value of the catalog's `schema` field: the constant identifier the spec fixes (docs/spec/3-style-catalog-and-accounting.md, Versioning). */
export const STYLE_CATALOG_SCHEMA_ID = 'platform.style.components.v1';

/**
 * `$id` of the JSON Schema (draft 2020-12) that validates the catalog. A URN, because the platform
 * publishes no schema host; it is an identifier, never fetched.
 */
export const STYLE_CATALOG_JSON_SCHEMA_ID = 'urn:platform:schemas:style-components:v1';

/**
 * Identifier of the shared style repository: the constant every component's `owner.repository`
 * must hold (docs/spec/3-style-catalog-and-accounting.md, Component: "constant: identifier of the shared style repository"). It is the
 * repository name of the shared style system; its `brands/<slug>/` folder holds the brand assets the
 * marketplace checklists ask for (docs/spec/2-service-registry.md, Checklist internal to preview, item 1).
 */
export const STYLE_REPOSITORY_ID = 'platform-style';

/** Allowed component status values (docs/spec/3-style-catalog-and-accounting.md, Component.status; transitions not specified). */
export const STYLE_COMPONENT_STATUSES = ['candidato', 'estable', 'deprecado'] as const;

/** Allowed adoption_evidence.classification values (docs/spec/3-style-catalog-and-accounting.md, adoption_evidence). */
export const ADOPTION_CLASSIFICATIONS = ['observado', 'propuesto'] as const;

/** Pattern of a component id: lowercase letters and digits in groups joined by single hyphens. */
export const STYLE_COMPONENT_ID_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
