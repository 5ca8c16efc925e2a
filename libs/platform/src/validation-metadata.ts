import { MetadataStorage, getMetadataStorage } from 'class-validator';

type Lookup = MetadataStorage['getTargetValidationMetadatas'];
type Rules = ReturnType<Lookup>;

const REMEMBERED = Symbol('platform:rememberedValidationMetadata');

/**
 * Makes class-validator remember, per DTO class and options, the validation rules it resolves for each `validate()`
 * call. Unchanged, `MetadataStorage.getTargetValidationMetadatas` walks every decorated class of the app on every
 * call to find the class's ancestors (typestack/class-validator#2686, open): 3 % of the gateway's busy time on a
 * cached read (bench/README.md "gateway-read").
 *
 * Safe because a class's rules, its own and its ancestors', are all registered when the class is defined (decorators
 * run then, and a parent is defined before its child), so before anything can validate an instance of it; a class
 * defined later adds its own rules only. Keyed weakly by the class, so a class that goes away takes its entry along.
 * Idempotent: a second call leaves the storage as the first one made it.
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
