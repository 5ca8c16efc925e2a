import { ProblemException } from '@lib/schemas';

/** JSON body nesting limit: real bodies nest 3 or 4 levels; validation recurses per level, so unbounded depth overflows the stack. */
export const MAX_JSON_DEPTH = 64;

/** Whether JSON text nests deeper than `max`, scanned without parsing (strings skipped): safe on any input, linear. */
export function jsonDepthExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** What no field accepts: NUL, or half of a UTF-16 surrogate pair. */
export type ForbiddenCharacter = 'nul' | 'lone_surrogate';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function forbiddenIn(text: string): ForbiddenCharacter | undefined {
  if (text.includes('\u0000')) return 'nul';
  return LONE_SURROGATE.test(text) ? 'lone_surrogate' : undefined;
}

/** First forbidden character in a parsed value's strings and keys; only `\u` escapes produce one, so callers skip texts without. */
export function jsonForbiddenCharacter(value: unknown): ForbiddenCharacter | undefined {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      const found = forbiddenIn(v);
      if (found) return found;
    } else if (v && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        const found = forbiddenIn(key);
        if (found) return found;
        stack.push(child);
      }
    }
  }
  return undefined;
}

/** Whether a raw URL (path and query) has a NUL byte, literal or percent-encoded. */
export function urlHasNul(url: string): boolean {
  return url.includes('\u0000') || /%00/i.test(url);
}

/** PostgreSQL text cannot hold U+0000: refused at the door, not deep inside a query. */
export const nulByteProblem = (where: 'URL' | 'body'): ProblemException =>
  new ProblemException(400, 'nul_byte', `The request ${where} contains a NUL character (U+0000), which no field accepts.`);

/** A lone surrogate is not a character: it has no UTF-8 form, and PostgreSQL refuses it in jsonb. */
export const loneSurrogateProblem = (): ProblemException =>
  new ProblemException(
    400,
    'invalid_unicode',
    'The JSON body contains an unpaired UTF-16 surrogate (\\uD800-\\uDFFF), which is not a character.',
  );

export const jsonTooDeepProblem = (): ProblemException =>
  new ProblemException(400, 'json_too_deep', `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels.`);
