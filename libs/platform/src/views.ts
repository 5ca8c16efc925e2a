/**
 * The named properties of `source`, copied as they are: for entity-to-view mappers (docs/ARCHITECTURE.md, Naming)
 * whose view field has the entity property's own name and value. Fields that are renamed or converted (dates to
 * ISO 8601, bytes to base64) are written out beside it.
 */
export function pickFields<T extends object, K extends keyof T>(source: T, ...keys: K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = source[key];
  return picked;
}
