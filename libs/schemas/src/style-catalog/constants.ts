/** docs/spec/3-style-catalog-and-accounting.md, "Catalog document", "Versioning", Component, adoption_evidence. */

export const STYLE_CATALOG_SCHEMA_ID = 'platform.style.components.v1';

/** A URN: the platform publishes no schema host; never fetched. */
export const STYLE_CATALOG_JSON_SCHEMA_ID = 'urn:platform:schemas:style-components:v1';

/** Every component's `owner.repository`; its `brands/<slug>/` holds the brand assets of the checklists (docs/spec/2-service-registry.md). */
export const STYLE_REPOSITORY_ID = 'platform-style';

export const STYLE_COMPONENT_STATUSES = ['candidato', 'estable', 'deprecado'] as const;

export const ADOPTION_CLASSIFICATIONS = ['observado', 'propuesto'] as const;

export const STYLE_COMPONENT_ID_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
