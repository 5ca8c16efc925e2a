import { X509Certificate } from 'node:crypto';
import { child, findFirst } from './dom';

export type RsaKeyValueCheck = 'match' | 'mismatch' | 'absent';

/** The SII refuses a KeyValue that is not the certificate's key (ESTADO 21, manual "Autenticación automática" v1.9 §4.1.5). */
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
