import { findElementSpans } from '../xml-slice';

/** The namespace of the SII's DTE schemas (DTE_v10.xsd, EnvioDTE_v10.xsd targetNamespace). */
export const SII_NAMESPACE = 'http://www.sii.cl/SiiDte';

const ATTRIBUTES = /^<([^\s/>]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/;

/** The first element start tag of `xml` (after declaration, comments, PIs), with its span; undefined when none. */
function rootStartTag(xml: string): { start: number; tag: string } | undefined {
  const re = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<([^\s/>!?][^\s/>]*)/g;
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    if (m[1] === undefined) continue;
    const tag = ATTRIBUTES.exec(xml.slice(m.index))?.[0];
    return tag ? { start: m.index, tag } : undefined;
  }
  return undefined;
}

/**
 * True when the root element's start tag declares a default namespace (`xmlns="..."`, any URI).
 * Some issuers' software signs a DTE without the SII namespace, or in an envelope that declares it for every DTE
 * (docs/tax-gateway.md "Reception": the shapes real issuers send).
 */
export function declaraNamespace(xml: string): boolean {
  const root = rootStartTag(xml);
  return root !== undefined && /\sxmlns\s*=/.test(root.tag);
}

/**
 * A copy of `xml` whose root element declares the SII namespace, inserted right after the element name; every other
 * character is kept. What lib-cl-sii-python does before verifying a DTE stored without it
 * (`clean_dte_xml(set_missing_xmlns=True)`), and what DTE_v10.xsd needs to find the global `DTE` declaration.
 * Returns `xml` unchanged when the root already declares a default namespace or no root is found.
 */
export function conNamespaceSii(xml: string): string {
  const root = rootStartTag(xml);
  if (!root || /\sxmlns\s*=/.test(root.tag)) return xml;
  const at = root.start + 1 + (ATTRIBUTES.exec(root.tag)?.[1].length ?? 0);
  return `${xml.slice(0, at)} xmlns="${SII_NAMESPACE}"${xml.slice(at)}`;
}

/**
 * A copy of `xml` without its `DocPersonalizado` elements: an issuer's private extension inside DTE (seen from the
 * Paperless platform), outside DTE_v10.xsd, and outside what the Documento signature covers. Used only for the
 * schema check; the stored and verified bytes keep it.
 */
export function sinDocPersonalizado(xml: string): string {
  const spans = findElementSpans(xml, 'DocPersonalizado');
  let out = '';
  let from = 0;
  for (const s of spans) {
    out += xml.slice(from, s.start);
    from = s.end;
  }
  return out + xml.slice(from);
}
