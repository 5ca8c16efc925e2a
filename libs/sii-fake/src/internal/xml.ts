import { DOMParser } from '@xmldom/xmldom';

/** Thrown by {@link parseXmlStrict} when the text is not well-formed XML. */
export class XmlSyntaxError extends Error {}

/**
 * Parses XML strictly: any error or fatal error throws {@link XmlSyntaxError}, DOCTYPE declarations
 * are refused (entity-expansion defence), and a document without a root element is an error.
 */
export function parseXmlStrict(xml: string): Document {
  if (/<!DOCTYPE/i.test(xml)) throw new XmlSyntaxError('DOCTYPE not allowed');
  const fail = (msg: string) => {
    throw new XmlSyntaxError(msg);
  };
  const doc = new DOMParser({
    errorHandler: { warning: () => undefined, error: fail, fatalError: fail },
  }).parseFromString(xml, 'text/xml');
  if (!doc || !doc.documentElement) throw new XmlSyntaxError('no root element');
  return doc as unknown as Document;
}

/** Element children of a node (skips text, comments). */
export function childElements(node: Node): Element[] {
  const out: Element[] = [];
  for (let n = node.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as Element);
  return out;
}

/** Local name of an element, ignoring any prefix. */
export function localName(el: Element): string {
  return el.localName || el.nodeName.replace(/^.*:/, '');
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

/** First direct child with that local name. */
export function child(node: Node, name: string): Element | undefined {
  return childElements(node).find((el) => localName(el) === name);
}

/** Trimmed text content of the first descendant with that local name, or undefined. */
export function textOf(node: Node, name: string): string | undefined {
  const el = findFirst(node, name);
  return el ? (el.textContent ?? '').trim() : undefined;
}

/** Escapes text for an XML text node or a double-quoted attribute value. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
