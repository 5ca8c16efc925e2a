import { ProblemException } from '@lib/schemas';

/**
 * Deepest nesting of arrays and objects a JSON body may have. Real bodies of the three apps nest
 * three or four levels; validation recurses once per level, so an unbounded depth is a stack overflow.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * True when the JSON text nests arrays/objects deeper than `max`. Scans the text without parsing it
 * (brackets inside strings do not count), so it is safe on any input and linear in its length.
 */
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

/** A character no field of the platform accepts: NUL, or half of a UTF-16 surrogate pair. */
export type ForbiddenCharacter = 'nul' | 'lone_surrogate';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function forbiddenIn(text: string): ForbiddenCharacter | undefined {
  if (text.includes('\u0000')) return 'nul';
  return LONE_SURROGATE.test(text) ? 'lone_surrogate' : undefined;
}

/**
 * The first forbidden character in the strings and property names of a parsed JSON value, if any.
 * Iterative (the depth is bounded anyway). Only JSON escapes can produce either (`\u0000`, `\ud800`):
 * raw bytes cannot, so callers skip the walk for texts without a `\u` escape.
 */
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

/** True when a raw request URL (path and query) carries a NUL byte, literal or percent-encoded. */
export function urlHasNul(url: string): boolean {
  return url.includes('\u0000') || /%00/i.test(url);
}

/**
 * PostgreSQL text cannot hold U+0000 and no field of the platform has a use for it: a NUL byte is
 * refused at the door (400 `nul_byte`) instead of failing deep inside a query.
 */
export const nulByteProblem = (where: 'URL' | 'body'): ProblemException =>
  new ProblemException(400, 'nul_byte', `The request ${where} contains a NUL character (U+0000), which no field accepts.`);

/**
 * A lone surrogate is not a Unicode character: it cannot be stored as UTF-8, and PostgreSQL refuses it
 * in jsonb. 400 `invalid_unicode`.
 */
export const loneSurrogateProblem = (): ProblemException =>
  new ProblemException(
    400,
    'invalid_unicode',
    'The JSON body contains an unpaired UTF-16 surrogate (\\uD800-\\uDFFF), which is not a character.',
  );

/** 400 `json_too_deep`: refused before parsing and validation. */
export const jsonTooDeepProblem = (): ProblemException =>
  new ProblemException(400, 'json_too_deep', `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels.`);
