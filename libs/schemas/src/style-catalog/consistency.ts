import type { StyleCatalog } from './style-catalog.types';

/** The spec gives only minimums for these counters (docs/spec/3-style-catalog-and-accounting.md, Coverage fields), so they warn. */
export function styleCatalogConsistencyWarnings(catalog: StyleCatalog): string[] {
  const { coverage, components } = catalog;
  const expected: Record<string, number> = {
    component_count: components.length,
    category_count: new Set(components.map((c) => c.category)).size,
    examples_per_component: Math.min(...components.map((c) => c.examples.length)),
    observed_component_count: components.filter((c) => c.adoption_evidence.classification === 'observado').length,
    proposed_component_count: components.filter((c) => c.adoption_evidence.classification === 'propuesto').length,
  };
  const warnings: string[] = [];
  for (const [field, value] of Object.entries(expected)) {
    const declared = coverage[field as keyof typeof coverage];
    if (declared !== value) warnings.push(`/coverage/${field}: declares ${declared}, the components give ${value}`);
  }
  components.forEach((c, i) => {
    const evidence = c.adoption_evidence;
    if (evidence.repository_count !== evidence.repositories.length) {
      warnings.push(
        `/components/${i}/adoption_evidence/repository_count: declares ${evidence.repository_count}, repositories lists ${evidence.repositories.length}`,
      );
    }
  });
  const seen = new Set<string>();
  components.forEach((c, i) => {
    if (seen.has(c.id)) warnings.push(`/components/${i}/id: duplicate component id "${c.id}"`);
    seen.add(c.id);
  });
  return warnings;
}
