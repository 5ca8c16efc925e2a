/** Injection token of the {@link InternalKeyRegistry} used by the internal-key guard. */
export const INTERNAL_KEY_REGISTRY = Symbol('INTERNAL_KEY_REGISTRY');
