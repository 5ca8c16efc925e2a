import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import * as forge from 'node-forge';

export interface AuthorityKeyMaterial {
  privateKeyPem: string;
  certificatePem: string;
}

/** The SII signs CAFs with IDK 100 / 300 keys (docs/research/sii-protocol.md §3.4); the fake's own key means its CAFs never pass for real ones. */
export function authorityKeyMaterial(input: Partial<AuthorityKeyMaterial> = {}, idk = 900): AuthorityKeyMaterial {
  const privateKeyPem =
    input.privateKeyPem ??
    generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const certificatePem = input.certificatePem ?? selfSignedCertificate(privateKeyPem, idk);
  return { privateKeyPem, certificatePem };
}

function selfSignedCertificate(privateKeyPem: string, idk: number): string {
  const pkcs1 = createPrivateKey(privateKeyPem).export({ type: 'pkcs1', format: 'pem' }).toString();
  const key = forge.pki.privateKeyFromPem(pkcs1) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = '01' + randomBytes(8).toString('hex');
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 24 * 3600 * 1000);
  cert.validity.notAfter = new Date(now.getTime() + 20 * 365 * 24 * 3600 * 1000);
  const attrs = [
    { shortName: 'C', value: 'CL' },
    { shortName: 'O', value: 'Servicio de Impuestos Internos (simulador)' },
    { shortName: 'OU', value: `Autorizacion de folios IDK ${idk}` },
    { shortName: 'CN', value: 'SII SIMULADOR CAF' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}
