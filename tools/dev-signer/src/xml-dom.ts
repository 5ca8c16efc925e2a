import { DteParseError, parseXmlDocument } from '@lib/dte';
import type { SignedXml } from 'xml-crypto';
// Not re-exported by the package index; the canonicalizers' own helper (no package `exports` map).
import { findAncestorNsForElement } from 'xml-crypto/lib/utils';
import { SignerInputError } from './xml-encoding';

export const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';

/** @lib/dte `parseXmlDocument`. @throws SignerInputError (`bad_xml`). */
export function parseXmlStrict(text: string): Document {
  try {
    return parseXmlDocument(text);
  } catch (err) {
    if (err instanceof DteParseError) throw new SignerInputError('bad_xml', err.message);
    throw err;
  }
}

export function findSignatureElements(doc: Document): Element[] {
  return Array.from(doc.getElementsByTagNameNS(DSIG_NS, 'Signature'));
}

/**
 * xml-crypto 6.3 takes SignedInfo's ancestor namespaces from the document's FIRST SignedInfo; in an EnvioDTE (one signature per DTE
 * plus its own) that breaks inclusive C14N when a DTE declares a namespace its envelope does not. Recomputed for this signature.
 * Relies on a private method; pinned by the multi-signature specs (xmlsec1 cross-checks).
 */
export function fixSignedInfoContext(sig: SignedXml, signatureIndex: (doc: Document) => number): void {
  const internals = sig as unknown as {
    canonicalizationAlgorithm: string;
    getCanonSignedInfoXml(doc: Document): string;
    getCanonXml(transforms: string[], node: Node, options: object): string;
  };
  internals.getCanonSignedInfoXml = (doc: Document): string => {
    const index = signatureIndex(doc);
    const signature = findSignatureElements(doc)[index];
    const signedInfo =
      signature &&
      Array.from(signature.childNodes).find(
        (n): n is Element => n.nodeType === 1 && (n as Element).localName === 'SignedInfo' && (n as Element).namespaceURI === DSIG_NS,
      );
    if (!signedInfo) throw new Error('could not find SignedInfo element in the message');
    const ancestorNamespaces = findAncestorNsForElement(signedInfo);
    return internals.getCanonXml([internals.canonicalizationAlgorithm], signedInfo, { ancestorNamespaces });
  };
}
