import { generateKeyPairSync, randomBytes } from 'node:crypto';
import * as forge from 'node-forge';

export interface TlsKeyPair {
  keyPem: string;
  certificatePem: string;
}

/** serialNumber (OID 2.5.4.5) holds a personal certificate's RUT; a `server` certificate is its clients' own trust anchor. */
export interface TlsCertificateSpec {
  commonName: string;
  serialNumber?: string;
  notBefore: Date;
  notAfter: Date;
  dnsNames?: string[];
  ipAddresses?: string[];
  server?: boolean;
}

/** node-forge, RSA 2048, SHA-256: the HTTPS server certificate (trusted by PEM, never by disabling checks) and specs' personal ones. */
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

/** For 127.0.0.1, ::1 and localhost, valid from yesterday. */
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
