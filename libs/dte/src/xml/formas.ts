import { findElementSpans } from '../xml-slice';

/** targetNamespace of DTE_v10.xsd, EnvioDTE_v10.xsd. */
export const SII_NAMESPACE = 'http://www.sii.cl/SiiDte';

const ATTRIBUTES = /^<([^\s/>]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/;

/** After declaration, comments, PIs. */
function rootStartTag(xml: string): { start: number; tag: string } | undefined {
  const re = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<([^\s/>!?][^\s/>]*)/g;
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    if (m[1] === undefined) continue;
    const tag = ATTRIBUTES.exec(xml.slice(m.index))?.[0];
    return tag ? { start: m.index, tag } : undefined;
  }
  return undefined;
}

/** Some issuers sign a DTE without the SII namespace, or in an envelope declaring it (docs/tax-gateway.md "Reception"). */
export function declaraNamespace(xml: string): boolean {
  const root = rootStartTag(xml);
  return root !== undefined && /\sxmlns\s*=/.test(root.tag);
}

/** As lib-cl-sii-python before verifying (`clean_dte_xml(set_missing_xmlns=True)`); DTE_v10.xsd needs it. Kept when one is declared. */
export function conNamespaceSii(xml: string): string {
  const root = rootStartTag(xml);
  if (!root || /\sxmlns\s*=/.test(root.tag)) return xml;
  const at = root.start + 1 + (ATTRIBUTES.exec(root.tag)?.[1].length ?? 0);
  return `${xml.slice(0, at)} xmlns="${SII_NAMESPACE}"${xml.slice(at)}`;
}

/** `DocPersonalizado` (a private extension, seen from Paperless) is outside DTE_v10.xsd and the signature; dropped for the schema check only. */
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
