// The stand-in's own TED and CAF cryptography (node:crypto only), never libs/dte's: a wrong serialization shared by the issuer and
// the judge would pass every test.
import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/** Whitespace between tags removed (XML 1.0 §2.3 S; docs/research/sii-protocol.md §1.7, §1.8). */
export function aplanar(elemento: string): string {
  return elemento.replace(/>[ \t\r\n]+</g, '><').trim();
}

/** ISO-8859-1, the SII's encoding (docs/research/sii-protocol.md §1.6, §1.7). */
export function bytesFirmados(elemento: string): Buffer {
  return Buffer.from(aplanar(elemento), 'latin1');
}

/** RSAPK M, E base64 (docs/research/sii-protocol.md §3.4). */
export function claveRsapk(m: string, e: string): KeyObject {
  const b64url = (b64: string) => Buffer.from(b64.replace(/\s+/g, ''), 'base64').toString('base64url');
  return createPublicKey({ key: { kty: 'RSA', n: b64url(m), e: b64url(e) }, format: 'jwk' });
}

/** RSA-SHA1 (PKCS#1 v1.5) over the flattened element: FRMT with the CAF key, FRMA with the SII's (docs/research/sii-protocol.md §2.3). */
export function firmaSha1Valida(elemento: string, firmaBase64: string, clave: KeyObject | string): boolean {
  try {
    const key = typeof clave === 'string' ? createPublicKey(clave) : clave;
    return verify('RSA-SHA1', bytesFirmados(elemento), key, Buffer.from(firmaBase64.replace(/\s+/g, ''), 'base64'));
  } catch {
    return false;
  }
}
