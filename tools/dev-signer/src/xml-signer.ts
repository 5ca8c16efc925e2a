import { sign, X509Certificate, type KeyLike } from 'node:crypto';
import { checkRsaKeyValue } from '@lib/dte';
import { SignedXml, type SignatureAlgorithm } from 'xml-crypto';
import type { SignerIdentity } from './keystore';
import { DSIG_NS, findSignatureElements, fixSignedInfoContext, parseXmlStrict } from './xml-dom';
import { decodeXml, encodeText, SignerInputError } from './xml-encoding';

export const C14N_2001 = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
export const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
const SHA1 = 'http://www.w3.org/2000/09/xmldsig#sha1';

export interface VerifyResult {
  valid: boolean;
  reasons: string[];
}

/**
 * Enveloped XMLDSig as the SII requires (manual autenticación automática v1.9; Formato DTE v2.2 and its example F60T33):
 * rsa-sha1, sha1, inclusive C14N 2001, KeyInfo KeyValue + X509Certificate, Signature appended as the document element's LAST
 * CHILD. `URI=""` -> enveloped-signature; `#ID` -> C14N only (xmldsignature_v10.xsd allows one Transform, and the Signature lies
 * outside the referenced element, as in the SII's example). Input bytes stay verbatim; the Signature is spliced before the end
 * tag. Inclusive C14N takes every namespace in scope, so sign a Documento inside `<DTE xmlns="http://www.sii.cl/SiiDte">` with
 * the namespaces it will have in the EnvioDTE (docs/research/sii-protocol.md §2.3). `encoding`: of declaration-less input.
 * @throws SignerInputError on bad encoding, bad XML, DOCTYPE, unknown or duplicate ID.
 */
export async function signXml(bytes: Buffer, referenceUri: string, identity: SignerIdentity, encoding?: string): Promise<Buffer> {
  const decoded = decodeXml(bytes, encoding);
  const doc = parseXmlStrict(decoded.text);
  const target = referenceTarget(doc, referenceUri);
  const sig = new SignedXml({
    privateKey: identity.privateKey,
    publicCert: identity.certificatePem,
    signatureAlgorithm: RSA_SHA1,
    canonicalizationAlgorithm: C14N_2001,
    getKeyInfoContent: () => keyInfoContent(identity),
  });
  sig.SignatureAlgorithms = { [RSA_SHA1]: PooledRsaSha1 } as SignedXml['SignatureAlgorithms'];
  fixSignedInfoContext(sig, (d) => findSignatureElements(d).length - 1);
  sig.addReference({
    xpath: target.xpath,
    transforms: referenceUri === '' ? [ENVELOPED] : [C14N_2001],
    digestAlgorithm: SHA1,
    isEmptyUri: referenceUri === '',
  });
  await new Promise<void>((resolve, reject) =>
    sig.computeSignature(decoded.text, { location: { reference: '/*', action: 'append' } }, (err) => (err ? reject(err) : resolve())),
  );
  const signatureBytes = encodeText(sig.getSignatureXml(), decoded.encoding);
  const at = endTagOffset(bytes, doc.documentElement.tagName, decoded.encoding);
  return Buffer.concat([bytes.subarray(0, at), signatureBytes, bytes.subarray(at)]);
}

/**
 * xml-crypto's rsa-sha1 (its documented extension point, "Customizing Algorithms") with node:crypto's callback form of `sign`, which
 * runs on libuv's thread pool: the RSA operation no longer holds the event loop that parses the next request.
 */
class PooledRsaSha1 implements SignatureAlgorithm {
  getSignature = ((signedInfo: string, key: KeyLike, callback: (err: Error | null, value?: string) => void) => {
    sign('sha1', Buffer.from(signedInfo), key, (err, value) => (err ? callback(err) : callback(null, value.toString('base64'))));
  }) as SignatureAlgorithm['getSignature'];

  verifySignature = (): boolean => {
    throw new Error('PooledRsaSha1 only signs');
  };

  getAlgorithmName = () => RSA_SHA1 as ReturnType<SignatureAlgorithm['getAlgorithmName']>;
}

function referenceTarget(doc: Document, referenceUri: string): { xpath: string } {
  if (referenceUri === '') return { xpath: '/*' };
  const id = /^#([A-Za-z_][\w.-]*)$/.exec(referenceUri)?.[1];
  if (!id) throw new SignerInputError('bad_reference_uri', `reference_uri must be "" or "#ID", got "${referenceUri}"`);
  const all = Array.from(doc.getElementsByTagName('*'));
  const matches = all.filter((e) => ['ID', 'Id', 'id'].some((a) => e.getAttribute(a) === id));
  if (matches.length === 0) throw new SignerInputError('unknown_reference', `no element with ID "${id}"`);
  if (matches.length > 1 || !matches[0].hasAttribute('ID')) {
    throw new SignerInputError('ambiguous_reference', `"${id}" must be the ID attribute of exactly one element`);
  }
  return { xpath: elementPath(matches[0]) };
}

/** `/*[1]/*[k]...`: xpath evaluates a positional path in steps, where `//*[@ID=...]` tests every element of a large envío. */
function elementPath(target: Element): string {
  const steps: string[] = [];
  for (let el: Element = target; el.parentNode?.nodeType === 1; el = el.parentNode as Element) {
    const siblings = Array.from(el.parentNode.childNodes).filter((n) => n.nodeType === 1);
    steps.unshift(`*[${siblings.indexOf(el) + 1}]`);
  }
  return `/*/${steps.join('/')}`.replace(/\/$/, '');
}

function keyInfoContent(identity: SignerIdentity): string {
  return (
    `<KeyValue><RSAKeyValue><Modulus>${identity.modulus}</Modulus><Exponent>${identity.exponent}</Exponent>` +
    `</RSAKeyValue></KeyValue><X509Data><X509Certificate>${identity.certificateBase64}</X509Certificate></X509Data>`
  );
}

/** Only comments, PIs and whitespace may follow the document element's end tag. */
function endTagOffset(bytes: Buffer, tagName: string, encoding: string): number {
  const needle = encodeText(`</${tagName}`, encoding);
  const at = bytes.lastIndexOf(needle);
  const tail = at < 0 ? '' : bytes.subarray(at + needle.length).toString('latin1');
  if (at < 0 || !/^\s*>(\s|<!--[\s\S]*?-->|<\?[\s\S]*?\?>)*$/.test(tail)) {
    throw new SignerInputError('bad_xml', 'the document element must have an end tag (not <x/>)');
  }
  return at;
}

/**
 * Verifies every ds:Signature (or those of `referenceUri`) with its own KeyInfo certificate (xml-crypto), and that a KeyValue is
 * the certificate's key (getToken ESTADO 21 otherwise). Trust and validity dates are NOT checked.
 */
export function verifyXml(bytes: Buffer, referenceUri?: string, encoding?: string): VerifyResult {
  const decoded = decodeXml(bytes, encoding);
  const doc = parseXmlStrict(decoded.text);
  const signatures = findSignatureElements(doc);
  const selected = signatures
    .map((node, index) => ({ node, index, uris: referenceUris(node) }))
    .filter((s) => referenceUri === undefined || s.uris.includes(referenceUri));
  if (selected.length === 0) {
    const what = referenceUri === undefined ? '' : ` with Reference URI "${referenceUri}"`;
    return { valid: false, reasons: [`no Signature${what} found`] };
  }
  const reasons = selected.flatMap((s) =>
    verifyOne(decoded.text, s.node, s.index).map((r) => `Signature #${s.index + 1} (URI ${s.uris.map((u) => `"${u}"`).join(',')}): ${r}`),
  );
  return { valid: reasons.length === 0, reasons };
}

function referenceUris(signature: Element): string[] {
  return Array.from(signature.getElementsByTagNameNS(DSIG_NS, 'Reference')).map((r) => r.getAttribute('URI') ?? '');
}

function verifyOne(text: string, node: Element, index: number): string[] {
  const certificate = SignedXml.getCertFromKeyInfo(node.getElementsByTagNameNS(DSIG_NS, 'KeyInfo')[0]);
  if (!certificate) return ['no X509Certificate in KeyInfo'];
  const reasons = keyValueMismatch(node, certificate);
  const sig = new SignedXml({ publicCert: certificate, getCertFromKeyInfo: () => null });
  fixSignedInfoContext(sig, () => index);
  try {
    sig.loadSignature(node);
    if (!sig.checkSignature(text)) {
      // getReferences() is deprecated but the only public way to read why a Reference failed.
      const failed = sig
        .getReferences()
        .map((r) => r.validationError?.message)
        .filter(Boolean);
      reasons.push(...(failed.length ? (failed as string[]) : ['a Reference digest does not match']));
    }
  } catch (e) {
    reasons.push((e as Error).message);
  }
  return reasons;
}

function keyValueMismatch(node: Element, certificatePem: string): string[] {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(certificatePem);
  } catch {
    return ['X509Certificate cannot be parsed'];
  }
  return checkRsaKeyValue(node, certificate) === 'mismatch' ? ['KeyValue RSAKeyValue does not match the X509Certificate key'] : [];
}
