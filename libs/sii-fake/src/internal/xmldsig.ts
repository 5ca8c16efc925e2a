import { X509Certificate } from 'node:crypto';
import { SignedXml } from 'xml-crypto';
import { checkRsaKeyValue, child, findAll, findFirst } from '@lib/dte';

export type SignatureProblem = 'no-certificate' | 'key-mismatch' | 'wrong-reference' | 'invalid';

export interface SignatureCheck {
  ok: boolean;
  problem?: SignatureProblem;
  reason?: string;
  certificate?: X509Certificate;
}

/** With its own KeyInfo certificate, as the SII does (manual autenticación v1.9 §4.1.5; `key-mismatch` is its estado 21). */
export function verifySignatureElement(xml: string, signature: Element, expectedUri: string): SignatureCheck {
  const certificate = keyInfoCertificate(signature);
  if (!certificate) return { ok: false, problem: 'no-certificate', reason: 'X509Certificate missing or unreadable' };
  if (checkRsaKeyValue(signature, certificate) !== 'match') {
    return { ok: false, problem: 'key-mismatch', reason: 'RSAKeyValue does not match the certificate', certificate };
  }
  const signedInfo = child(signature, 'SignedInfo');
  const refs = signedInfo ? findAll(signedInfo, 'Reference') : [];
  if (refs.length !== 1 || refs[0].getAttribute('URI') !== expectedUri) {
    return { ok: false, problem: 'wrong-reference', reason: `Reference URI must be "${expectedUri}"`, certificate };
  }
  try {
    const verifier = new SignedXml({ publicCert: certificate.toString() });
    verifier.loadSignature(signature as unknown as Node);
    if (verifier.checkSignature(xml)) return { ok: true, certificate };
    return { ok: false, problem: 'invalid', reason: 'digest does not match', certificate };
  } catch (err) {
    return { ok: false, problem: 'invalid', reason: (err as Error).message, certificate };
  }
}

function keyInfoCertificate(signature: Element): X509Certificate | undefined {
  const keyInfo = child(signature, 'KeyInfo');
  const b64 = keyInfo && findFirst(keyInfo, 'X509Certificate')?.textContent?.replace(/\s+/g, '');
  if (!b64) return undefined;
  try {
    return new X509Certificate(Buffer.from(b64, 'base64'));
  } catch {
    return undefined;
  }
}

/** Subject serialNumber ("12345678-5") or the SII-style SAN otherName 1.3.6.1.4.1.8321.1 ("10.411.871-2"). */
export function certificateRut(certificate: X509Certificate): string | undefined {
  const serial = /(?:^|\n)serialNumber=([^\n]+)/i.exec(certificate.subject)?.[1];
  const candidates = [serial, certificate.subjectAltName].filter((s): s is string => !!s);
  for (const text of candidates) {
    const m = /(\d{1,2}\.?\d{3}\.?\d{3})-?([\dkK])/.exec(text);
    if (m) return `${Number(m[1].replace(/\./g, ''))}-${m[2].toUpperCase()}`;
  }
  return undefined;
}
