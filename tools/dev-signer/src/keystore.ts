import { generateKeyPairSync, createPublicKey, randomBytes, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as forge from 'node-forge';
import { isValidRut } from '@lib/rut';

/** The signer's personal key and self-signed certificate (a stand-in for the holder's .p12). */
export interface SignerIdentity {
  privateKeyPem: string;
  certificatePem: string;
  /** Certificate DER as base64 on one line (the content of ds:X509Certificate). */
  certificateBase64: string;
  holderRut: string;
  /** RFC 2253-ish subject, e.g. `CN=...,serialNumber=11111111-1,...`. */
  subject: string;
  /** ISO 8601 instant. */
  notAfter: string;
  /** RSAKeyValue parts, base64 of the unsigned big-endian integers. */
  modulus: string;
  exponent: string;
}

const KEY_FILE = 'signer-key.pem';
const CERT_FILE = 'signer-cert.pem';
/** E-CertChile style SAN otherName carrying the holder RUT (seen in the SII's own example certificate). */
const OID_SII_RUT = '1.3.6.1.4.1.8321.1';
const VALIDITY_YEARS = 2;

/**
 * Loads the signer identity from `dataDir`, or creates it on first use: a 2048-bit RSA key and a
 * self-signed X.509 certificate valid 2 years, subject `CN=<synthetic name>, serialNumber=<RUT>`
 * plus the RUT in a SAN otherName (OID 1.3.6.1.4.1.8321.1) like Chilean personal certificates.
 * Files: `signer-key.pem` (PKCS#8, mode 0600) and `signer-cert.pem`. An existing certificate is
 * reused even if `holderRut` changed (delete the data dir to regenerate).
 * @throws Error when `holderRut` is not a valid RUT.
 */
export function loadOrCreateIdentity(dataDir: string, holderRut: string): SignerIdentity {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const keyPath = join(dataDir, KEY_FILE);
  const certPath = join(dataDir, CERT_FILE);
  if (!existsSync(keyPath) || !existsSync(certPath)) {
    // Verbatim into the certificate subject, so only the plain SII form (digits-DV, no dots) will do.
    if (!/^\d{1,8}-[\dkK]$/.test(holderRut) || !isValidRut(holderRut))
      throw new Error(`SIGNER_HOLDER_RUT is not a valid RUT: ${holderRut}`);
    const { privateKeyPem, certificatePem } = createSelfSigned(holderRut);
    writeFileSync(keyPath, privateKeyPem, { mode: 0o600 });
    writeFileSync(certPath, certificatePem);
  }
  return describeIdentity(readFileSync(keyPath, 'utf8'), readFileSync(certPath, 'utf8'));
}

function createSelfSigned(holderRut: string): { privateKeyPem: string; certificatePem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 65537 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  // Positive serial: first byte below 0x80.
  cert.serialNumber = '01' + randomBytes(15).toString('hex');
  const now = Date.now();
  cert.validity.notBefore = new Date(now - 60_000);
  cert.validity.notAfter = new Date(now);
  cert.validity.notAfter.setFullYear(cert.validity.notAfter.getFullYear() + VALIDITY_YEARS);
  const attrs = [
    { shortName: 'C', value: 'CL' },
    { shortName: 'O', value: 'Dev Signer (synthetic, not a real authority)' },
    { shortName: 'CN', value: 'Titular Sintetico Dev Signer' },
    { name: 'serialNumber', value: holderRut },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true },
    { id: '2.5.29.17', name: 'subjectAltName', value: rutOtherNameSan(holderRut) },
    { name: 'subjectKeyIdentifier' },
  ]);
  const forgeKey = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  cert.sign(forgeKey, forge.md.sha256.create());
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    certificatePem: forge.pki.certificateToPem(cert).replace(/\r\n/g, '\n'),
  };
}

/** DER (binary string) of GeneralNames { otherName { 1.3.6.1.4.1.8321.1, [0] IA5String RUT } }. */
function rutOtherNameSan(rut: string): string {
  const A = forge.asn1;
  const otherName = A.create(A.Class.CONTEXT_SPECIFIC, 0, true, [
    A.create(A.Class.UNIVERSAL, A.Type.OID, false, A.oidToDer(OID_SII_RUT).getBytes()),
    A.create(A.Class.CONTEXT_SPECIFIC, 0, true, [A.create(A.Class.UNIVERSAL, A.Type.IA5STRING, false, rut)]),
  ]);
  return A.toDer(A.create(A.Class.UNIVERSAL, A.Type.SEQUENCE, true, [otherName])).getBytes();
}

function describeIdentity(privateKeyPem: string, certificatePem: string): SignerIdentity {
  const x509 = new X509Certificate(certificatePem);
  const jwk = createPublicKey(certificatePem).export({ format: 'jwk' });
  const subjectParts = x509.subject.split('\n');
  const rutPart = subjectParts.find((p) => p.startsWith('serialNumber='));
  return {
    privateKeyPem,
    certificatePem,
    certificateBase64: x509.raw.toString('base64'),
    holderRut: rutPart ? rutPart.slice('serialNumber='.length) : '',
    subject: subjectParts.join(','),
    notAfter: new Date(x509.validTo).toISOString(),
    modulus: Buffer.from(jwk.n as string, 'base64url').toString('base64'),
    exponent: Buffer.from(jwk.e as string, 'base64url').toString('base64'),
  };
}
