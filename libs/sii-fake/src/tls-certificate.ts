import { generateKeyPairSync, randomBytes } from 'node:crypto';
import * as forge from 'node-forge';

/** A private key and its self-signed certificate, PEM. */
export interface TlsKeyPair {
  keyPem: string;
  certificatePem: string;
}

/** What {@link selfSignedTlsCertificate} puts in the certificate. */
export interface TlsCertificateSpec {
  commonName: string;
  /** Subject serialNumber (OID 2.5.4.5): the holder's RUT in a Chilean personal certificate. */
  serialNumber?: string;
  notBefore: Date;
  notAfter: Date;
  /** Subject alternative names: a server certificate must name the host the client dials. */
  dnsNames?: string[];
  ipAddresses?: string[];
  /** A server certificate that clients add as their own trust anchor (basicConstraints CA, serverAuth). */
  server?: boolean;
}

/**
 * A fresh 2048-bit RSA key and a self-signed X.509 certificate (node-forge, SHA-256): the stand-in's HTTPS server
 * certificate (clients trust it by its PEM, never by turning verification off) and, in specs, personal client
 * certificates with a RUT in the subject serialNumber like the dev signer's (tools/dev-signer/src/keystore.ts).
 */
export function selfSignedTlsCertificate(spec: TlsCertificateSpec): TlsKeyPair {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const key = forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = '01' + randomBytes(15).toString('hex'); // positive: first byte below 0x80
  cert.validity.notBefore = spec.notBefore;
  cert.validity.notAfter = spec.notAfter;
  const attrs: forge.pki.CertificateField[] = [
    { shortName: 'C', value: 'CL' },
    { shortName: 'O', value: 'SII stand-in (synthetic, not a real authority)' },
    { shortName: 'CN', value: spec.commonName },
    ...(spec.serialNumber ? [{ name: 'serialNumber', value: spec.serialNumber }] : []),
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  const altNames = [
    ...(spec.dnsNames ?? []).map((value) => ({ type: 2, value })),
    ...(spec.ipAddresses ?? []).map((ip) => ({ type: 7, ip })),
  ];
  cert.setExtensions([
    // A self-signed server certificate is its clients' trust anchor, so it says it is a CA.
    { name: 'basicConstraints', cA: !!spec.server },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, keyCertSign: !!spec.server },
    { name: 'extKeyUsage', serverAuth: !!spec.server, clientAuth: !spec.server },
    ...(altNames.length ? [{ name: 'subjectAltName', altNames }] : []),
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(key, forge.md.sha256.create());
  return { keyPem, certificatePem: forge.pki.certificateToPem(cert).replace(/\r\n/g, '\n') };
}

/** The stand-in's HTTPS server certificate for 127.0.0.1, ::1 and localhost, valid from yesterday for `years`. */
export function serverTlsCertificate(years = 5): TlsKeyPair {
  const now = Date.now();
  return selfSignedTlsCertificate({
    commonName: 'sii-fake localhost',
    notBefore: new Date(now - 86_400_000),
    notAfter: new Date(now + years * 365 * 86_400_000),
    dnsNames: ['localhost'],
    ipAddresses: ['127.0.0.1', '::1'],
    server: true,
  });
}
