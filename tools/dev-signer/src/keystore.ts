import { generateKeyPairSync, createPrivateKey, createPublicKey, randomBytes, X509Certificate, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as forge from 'node-forge';
import { isValidRut } from '@lib/rut';

/** Key and self-signed certificate standing in for the holder's .p12; subject RFC 2253-ish, notAfter ISO 8601, RSAKeyValue base64. */
export interface SignerIdentity {
  privateKeyPem: string;
  /** The same key parsed once: parsing the PEM on every signature cost more than the RSA operation (bench/README.md). */
  privateKey: KeyObject;
  certificatePem: string;
  certificateBase64: string;
  holderRut: string;
  subject: string;
  notAfter: string;
  modulus: string;
  exponent: string;
}

const KEY_FILE = 'signer-key.pem';
const CERT_FILE = 'signer-cert.pem';
/** E-CertChile style SAN otherName carrying the holder RUT (seen in the SII's own example certificate). */
const OID_SII_RUT = '1.3.6.1.4.1.8321.1';
const VALIDITY_YEARS = 2;

/**
 * Loads or creates (2048-bit RSA, self-signed 2 years, `CN=..., serialNumber=<RUT>` plus a SAN otherName like Chilean personal
 * certificates) `signer-key.pem` (0600) and `signer-cert.pem`; kept even if `holderRut` changes. @throws Error for an invalid RUT.
 */
export function loadOrCreateIdentity(dataDir: string, holderRut: string): SignerIdentity {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const keyPath = join(dataDir, KEY_FILE);
  const certPath = join(dataDir, CERT_FILE);
  if (!existsSync(keyPath) || !existsSync(certPath)) {
    // Verbatim into the subject, so only the plain SII form (digits-DV, no dots) will do.
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
    privateKey: createPrivateKey(privateKeyPem),
    certificatePem,
    certificateBase64: x509.raw.toString('base64'),
    holderRut: rutPart ? rutPart.slice('serialNumber='.length) : '',
    subject: subjectParts.join(','),
    notAfter: new Date(x509.validTo).toISOString(),
    modulus: Buffer.from(jwk.n as string, 'base64url').toString('base64'),
    exponent: Buffer.from(jwk.e as string, 'base64url').toString('base64'),
  };
}
