import { DOMParser } from '@xmldom/xmldom';
import { DteParseError } from '../errors';

/** Refuses a DTD or entities (billion laughs, external entities; no SII document or XSD declares one). @throws DteParseError */
export function assertNoDtd(text: string): void {
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) {
    throw new DteParseError('DOCTYPE/ENTITY declarations are not accepted in SII XML');
  }
}

/** The deepest SII document nests about 10 levels; a nesting bomb would overflow the recursive canonicalization of a signer. */
export const MAX_XML_DEPTH = 64;

/** The one strict XML parser (xmldom). @throws DteParseError on a DTD, any parser warning, no root, or depth over {@link MAX_XML_DEPTH}. */
export function parseXmlDocument(text: string): Document {
  assertNoDtd(text);
  const problems: string[] = [];
  const onError = (msg: string) => problems.push(String(msg).split('\n')[0]);
  const doc = new DOMParser({
    locator: {},
    errorHandler: { warning: onError, error: onError, fatalError: onError },
  }).parseFromString(text, 'text/xml');
  if (problems.length > 0 || !doc?.documentElement) {
    throw new DteParseError(`malformed XML: ${problems[0] ?? 'no document element'}`);
  }
  assertDepth(doc.documentElement as unknown as Element);
  return doc as unknown as Document;
}

// Iterative: the check must not itself recurse as deep as the document.
function assertDepth(root: Element): void {
  const stack: [Node, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [Node, number];
    if (depth > MAX_XML_DEPTH) throw new DteParseError(`XML nesting deeper than ${MAX_XML_DEPTH} levels is not accepted`);
    for (let c = node.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) stack.push([c, depth + 1]);
  }
}

/** The root element of {@link parseXmlDocument}. @throws DteParseError */
export function parseXml(text: string): Element {
  return parseXmlDocument(text).documentElement;
}

/** Local name of a DOM element, without prefix. */
export function localName(el: Element): string {
  return el.localName || el.nodeName.replace(/^.*:/, '');
}

/** Child elements, all or of that local name; these helpers ignore namespaces. */
export function childElements(node: Node, name?: string): Element[] {
  const out: Element[] = [];
  for (let n = node.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (name === undefined || localName(n as Element) === name)) out.push(n as Element);
  }
  return out;
}

/** First child with that local name. */
export function child(node: Node, name: string): Element | undefined {
  return childElements(node, name)[0];
}

/** First descendant element (depth first) with that local name, any namespace. */
export function findFirst(node: Node, name: string): Element | undefined {
  for (const el of childElements(node)) {
    if (localName(el) === name) return el;
    const found = findFirst(el, name);
    if (found) return found;
  }
  return undefined;
}

/** All descendant elements with that local name, any namespace, in document order. */
export function findAll(node: Node, name: string, out: Element[] = []): Element[] {
  for (const el of childElements(node)) {
    if (localName(el) === name) out.push(el);
    findAll(el, name, out);
  }
  return out;
}

/** Trimmed text content of the first descendant with that local name, or undefined. */
export function textOf(node: Node, name: string): string | undefined {
  const el = findFirst(node, name);
  return el ? (el.textContent ?? '').trim() : undefined;
}

/** The element at a `/`-separated path of local names below `el`. */
export function findPath(el: Element, path: string): Element | undefined {
  let cur: Element | undefined = el;
  for (const part of path.split('/')) {
    cur = cur ? child(cur, part) : undefined;
  }
  return cur;
}

/** Trimmed text at `path`, or undefined when absent. */
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
