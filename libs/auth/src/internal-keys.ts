import { hash, timingSafeEqual } from 'node:crypto';

/** Raised at boot when `INTERNAL_KEYS` is malformed; names the offending entry, never the key. */
export class InternalKeysConfigError extends Error {
  constructor(message: string) {
    super(`INTERNAL_KEYS: ${message}`);
    this.name = 'InternalKeysConfigError';
  }
}

/** Lower-case identifiers used in logs, metrics and audit records. */
export const CALLER_NAME_PATTERN = /^[a-z][a-z0-9_-]{0,63}$/;

/** minKeyLength: default 1; the platform asks 16 in production. */
export interface ParseInternalKeysOptions {
  minKeyLength?: number;
}

interface Entry {
  caller: string;
  digest: Buffer;
}

// One-shot hashing: a Hash object per request was most of the key guard's time (bench/README.md "gateway-read").
const digest = (value: string): Buffer => hash('sha256', value, 'buffer');

/** One key per caller (docs/platform.md "Callers"), kept as SHA-256 digests so `timingSafeEqual` always compares 32 bytes. */
export class InternalKeyRegistry {
  private constructor(private readonly entries: readonly Entry[]) {}

  /**
   * Parses `caller:key,caller2:key2` (the key is everything after the first colon: colons allowed, commas not).
   * @throws InternalKeysConfigError on an empty list, a malformed entry, a bad caller name, a short key, a duplicate.
   */
  static parse(raw: string | undefined, options: ParseInternalKeysOptions = {}): InternalKeyRegistry {
    const minKeyLength = options.minKeyLength ?? 1;
    const parts = (raw ?? '').split(',').map((p) => p.trim());
    if (parts.length === 1 && parts[0] === '') throw new InternalKeysConfigError('no caller configured; expected caller:key,caller2:key2');
    const entries: Entry[] = [];
    const seenCallers = new Set<string>();
    const seenKeys = new Set<string>();
    parts.forEach((part, index) => {
      const where = `entry ${index + 1}`;
      const colon = part.indexOf(':');
      if (colon <= 0 || colon === part.length - 1) throw new InternalKeysConfigError(`${where} is malformed; expected caller:key`);
      const caller = part.slice(0, colon).trim();
      const key = part.slice(colon + 1).trim();
      if (!CALLER_NAME_PATTERN.test(caller)) {
        throw new InternalKeysConfigError(`${where}: caller name must match ${CALLER_NAME_PATTERN.source}`);
      }
      if (key.length < minKeyLength) throw new InternalKeysConfigError(`${where} (${caller}): key shorter than ${minKeyLength} characters`);
      if (seenCallers.has(caller)) throw new InternalKeysConfigError(`${where}: caller "${caller}" appears twice`);
      const hex = digest(key).toString('hex');
      if (seenKeys.has(hex)) throw new InternalKeysConfigError(`${where} (${caller}): the same key is given to two callers`);
      seenCallers.add(caller);
      seenKeys.add(hex);
      entries.push({ caller, digest: digest(key) });
    });
    return new InternalKeyRegistry(entries);
  }

  get callers(): string[] {
    return this.entries.map((e) => e.caller);
  }

  /** Compares with every key in constant time without stopping at a match: timing reveals neither whether nor which. */
  match(presented: unknown): string | undefined {
    if (typeof presented !== 'string' || presented.length === 0) return undefined;
    const candidate = digest(presented);
    let found: string | undefined;
    for (const entry of this.entries) {
      const equal = timingSafeEqual(candidate, entry.digest);
      found = equal ? entry.caller : found;
    }
    return found;
  }
}

/** `caller`'s key in `INTERNAL_KEYS`, for outbound calls with the app's own caller name (docs/platform.md "Callers"); no validation. */
export function internalKeyOf(raw: string | undefined, caller: string): string | undefined {
  for (const part of (raw ?? '').split(',')) {
    const colon = part.indexOf(':');
    if (colon > 0 && part.slice(0, colon).trim() === caller) return part.slice(colon + 1).trim() || undefined;
  }
  return undefined;
}
