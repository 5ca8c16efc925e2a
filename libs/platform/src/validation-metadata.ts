import { MetadataStorage, getMetadataStorage } from 'class-validator';

type Lookup = MetadataStorage['getTargetValidationMetadatas'];
type Rules = ReturnType<Lookup>;

const REMEMBERED = Symbol('platform:rememberedValidationMetadata');

/**
 * Memoizes class-validator's rules per class and options: its lookup walks every decorated class on each call
 * (typestack/class-validator#2686, open), 3 % of the gateway's busy time on a cached read (bench/README.md "gateway-read").
 * Safe: a class's rules, its ancestors' included, are all registered when it is defined. Idempotent.
 */
export function rememberValidationMetadata(storage: MetadataStorage = getMetadataStorage()): void {
  const marked = storage as MetadataStorage & { [REMEMBERED]?: true };
  if (marked[REMEMBERED]) return;
  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  const memo = new WeakMap<object, Map<string, Rules>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    let byOptions = memo.get(target);
    if (!byOptions) memo.set(target, (byOptions = new Map()));
    // An empty and an absent group list select the same rules in class-validator.
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${(groups ?? []).join('\u0000')}`;
    let rules = byOptions.get(key);
    if (!rules) byOptions.set(key, (rules = lookup(target, schema, always, strictGroups, groups)));
    return rules;
  };
  marked[REMEMBERED] = true;
}
