import { Parser, processors } from 'xml2js';
import { DteParseError } from '../errors';
import { assertNoDtd } from './dom';

export interface PlainElement {
  name: string;
  text: string;
  children: PlainElement[];
}

interface Xml2jsNode {
  '#name': string;
  _?: string;
  $$?: Xml2jsNode[];
}

const OPTIONS = {
  explicitChildren: true,
  preserveChildrenOrder: true,
  explicitArray: true,
  charkey: '_',
  tagNameProcessors: [processors.stripPrefix],
  async: false,
  strict: true,
};

/** SII answers whose bytes do not matter, as xml2js objects (signed documents keep the DOM); DOCTYPE refused. @throws DteParseError */
export function parsePlainXml(text: string): PlainElement {
  assertNoDtd(text);
  let parsed: Record<string, Xml2jsNode> | undefined;
  let failure: unknown;
  // xml2js calls back synchronously when `async` is false.
  new Parser(OPTIONS).parseString(text, (err: unknown, result: Record<string, Xml2jsNode>) => {
    failure = err;
    parsed = result;
  });
  const root = parsed && Object.values(parsed)[0];
  if (failure || !root)
    throw new DteParseError(`malformed XML: ${String((failure as Error)?.message ?? 'no document element').split('\n')[0]}`);
  return plain(root);
}

function plain(node: Xml2jsNode): PlainElement {
  return { name: node['#name'], text: (node._ ?? '').trim(), children: (node.$$ ?? []).map(plain) };
}

/** The children of `el` with that local name. */
export function plainChildren(el: PlainElement, name: string): PlainElement[] {
  return el.children.filter((c) => c.name === name);
}

/** The text of the first child with that local name, or undefined. */
export function plainText(el: PlainElement, name: string): string | undefined {
  return plainChildren(el, name)[0]?.text;
}

/** Depth first, `el` included. */
export function findPlain(el: PlainElement, name: string): PlainElement | undefined {
  if (el.name === name) return el;
  for (const c of el.children) {
    const found = findPlain(c, name);
    if (found) return found;
  }
  return undefined;
}
