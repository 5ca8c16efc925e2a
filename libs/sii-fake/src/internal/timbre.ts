// The stand-in's own TED and CAF cryptography (node:crypto only), never libs/dte's verifyTedSignature or
// verifyCafSignature: a wrong serialization shared by the issuer and the judge would pass every test.
import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/**
 * The DD or DA as it is signed: the element's text as it appears in the document, without the whitespace
 * between tags (XML 1.0 §2.3 S: space, tab, CR, LF; docs/research/sii-protocol.md §1.7, §1.8: "serialized
 * with all whitespace between tags removed").
 */
export function aplanar(elemento: string): string {
  return elemento.replace(/>[ \t\r\n]+</g, '><').trim();
}

/** The bytes that are signed: the flattened element in ISO-8859-1, the SII's encoding (docs/research/sii-protocol.md §1.6, §1.7). */
export function bytesFirmados(elemento: string): Buffer {
  return Buffer.from(aplanar(elemento), 'latin1');
}

/** The CAF's folio public key from RSAPK (M, E: base64 of the modulus and the exponent; docs/research/sii-protocol.md §3.4). */
export function claveRsapk(m: string, e: string): KeyObject {
  const b64url = (b64: string) => Buffer.from(b64.replace(/\s+/g, ''), 'base64').toString('base64url');
  return createPublicKey({ key: { kty: 'RSA', n: b64url(m), e: b64url(e) }, format: 'jwk' });
}

/**
 * True when `firmaBase64` is an RSA-SHA1 (PKCS#1 v1.5) signature of `clave` over the flattened `elemento`:
 * FRMT over the DD with the CAF key, FRMA over the DA with the SII's key (docs/research/sii-protocol.md §1.7, §1.8, §2.3).
 * False on any malformed key or signature.
 */
export function firmaSha1Valida(elemento: string, firmaBase64: string, clave: KeyObject | string): boolean {
  try {
    const key = typeof clave === 'string' ? createPublicKey(clave) : clave;
    return verify('RSA-SHA1', bytesFirmados(elemento), key, Buffer.from(firmaBase64.replace(/\s+/g, ''), 'base64'));
  } catch {
    return false;
  }
}
