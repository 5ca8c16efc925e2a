import { DOMParser } from '@xmldom/xmldom';
import { DteParseError } from './errors';

/**
 * Refuses documents that declare a DTD or entities (billion-laughs / external entity defence).
 * No SII document uses a DOCTYPE.
 * @throws DteParseError
 */
export function assertNoDtd(text: string): void {
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) {
    throw new DteParseError('DOCTYPE/ENTITY declarations are not accepted in SII XML');
  }
}

/**
 * Parses decoded XML text into a DOM (xmldom) after `assertNoDtd`; any parser error or warning about
 * malformed markup is fatal.
 * @throws DteParseError
 */
export function parseXml(text: string): Element {
  assertNoDtd(text);
  const problems: string[] = [];
  const onError = (msg: string) => problems.push(String(msg).split('\n')[0]);
  const doc = new DOMParser({
    locator: {},
    errorHandler: { warning: onError, error: onError, fatalError: onError },
  }).parseFromString(text, 'text/xml');
  const root = doc?.documentElement;
  if (problems.length > 0 || !root) {
    throw new DteParseError(`malformed XML: ${problems[0] ?? 'no document element'}`);
  }
  return root;
}

/** Local name of a DOM element without prefix. */
export function localName(el: Element): string {
  return el.localName ?? el.nodeName.replace(/^.*:/, '');
}

/** Direct child elements of `el`, optionally only those with local name `name` (namespace ignored). */
export function childElements(el: Element, name?: string): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (name === undefined || localName(n as Element) === name)) out.push(n as Element);
  }
  return out;
}

/** The first element reached by a `/`-separated path of local names below `el`, if any. */
export function findPath(el: Element, path: string): Element | undefined {
  let cur: Element | undefined = el;
  for (const part of path.split('/')) {
    cur = cur ? childElements(cur, part)[0] : undefined;
  }
  return cur;
}

/** The trimmed text of the element at `path` below `el`, or undefined when it is absent. */
export function textAt(el: Element, path: string): string | undefined {
  const found = findPath(el, path);
  return found ? (found.textContent ?? '').trim() : undefined;
}

/** Like `textAt`, but the element must exist and be non-empty. @throws DteParseError */
export function requiredText(el: Element, path: string): string {
  const v = textAt(el, path);
  if (v === undefined || v === '') throw new DteParseError(`missing element ${localName(el)}/${path}`);
  return v;
}

/** The number at `path`, or undefined when absent. @throws DteParseError when not numeric. */
export function numAt(el: Element, path: string): number | undefined {
  const v = textAt(el, path);
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new DteParseError(`${localName(el)}/${path} is not a number: "${v}"`);
  return n;
}
