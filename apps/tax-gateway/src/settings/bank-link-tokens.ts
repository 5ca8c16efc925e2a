import { isValidRut, normalizeRut } from '@lib/rut';

/** What a link token may hold (the aggregator's are `link_<id>_token_<secret>`-like): letters, digits, `_`, `-`, `.`. */
const LINK_TOKEN = /^[A-Za-z0-9_.-]{1,200}$/;

/** `<tenant RUT>:<link token>,...` (spaces ignored, the RUT in any notation), keyed by the canonical RUT. */
export function parseBankLinkTokens(value: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  const entries = (value ?? '').split(',').map((e) => e.trim());
  if (entries.length === 1 && entries[0] === '') return out;
  entries.forEach((entry, i) => {
    const at = entry.indexOf(':');
    const rut = at < 0 ? '' : entry.slice(0, at).trim();
    const token = at < 0 ? '' : entry.slice(at + 1).trim();
    if (!rut || !token) throw new Error(`BANK_LINK_TOKENS entry ${i + 1} is not <tenant RUT>:<link token>`);
    if (!isValidRut(rut)) throw new Error(`BANK_LINK_TOKENS entry ${i + 1}: the tenant is not a valid RUT`);
    if (!LINK_TOKEN.test(token))
      throw new Error(`BANK_LINK_TOKENS entry ${i + 1}: the link token has characters other than A-Z a-z 0-9 _ - .`);
    const tenant = normalizeRut(rut);
    if (out.has(tenant)) throw new Error(`BANK_LINK_TOKENS entry ${i + 1} repeats a tenant`);
    out.set(tenant, token);
  });
  return out;
}

/** Why `BANK_LINK_TOKENS` is unusable, or undefined when {@link parseBankLinkTokens} accepts it. */
export function bankLinkTokensProblem(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return 'BANK_LINK_TOKENS must be a string';
  try {
    parseBankLinkTokens(value);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

/** BANK_LINKS_KEY's 32 bytes (AES-256), or undefined when it is not 32 bytes of base64. */
export function bankLinksKeyOf(value: unknown): Buffer | undefined {
  if (typeof value !== 'string' || !/^[A-Za-z0-9+/]{43}=$/.test(value.trim())) return undefined;
  const key = Buffer.from(value.trim(), 'base64');
  return key.length === 32 ? key : undefined;
}
