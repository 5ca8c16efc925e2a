import { X509Certificate } from 'node:crypto';
import { child, findFirst } from './dom';

/** Whether a signature's KeyInfo/KeyValue/RSAKeyValue is the key of its certificate. */
export type RsaKeyValueCheck = 'match' | 'mismatch' | 'absent';

/**
 * Compares the RSAKeyValue (Modulus, Exponent; base64, leading zero bytes ignored) in the KeyInfo of one
 * `ds:Signature` element with the public key of `certificate`. The SII refuses a signature whose
 * KeyValue is not the certificate's key (GetTokenFromSeed ESTADO 21, manual "Autenticación automática"
 * v1.9 §4.1.5); the fake SII and the dev signer both check it with this function.
 */
export function checkRsaKeyValue(signature: Element, certificate: X509Certificate): RsaKeyValueCheck {
  const keyInfo = child(signature, 'KeyInfo');
  const rsa = keyInfo && findFirst(keyInfo, 'RSAKeyValue');
  if (!rsa) return 'absent';
  const jwk = certificate.publicKey.export({ format: 'jwk' });
  if (!jwk.n || !jwk.e) return 'mismatch';
  const same = (b64: string | null | undefined, b64url: string) =>
    !!b64 && stripZeros(Buffer.from(b64.replace(/\s+/g, ''), 'base64')).equals(stripZeros(Buffer.from(b64url, 'base64url')));
  return same(findFirst(rsa, 'Modulus')?.textContent, jwk.n) && same(findFirst(rsa, 'Exponent')?.textContent, jwk.e) ? 'match' : 'mismatch';
}

function stripZeros(buf: Buffer): Buffer {
  let i = 0;
  while (i < buf.length - 1 && buf[i] === 0) i++;
  return buf.subarray(i);
}
