import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { authorityKeyMaterial, serverTlsCertificate, type AuthorityKeyMaterial, type TlsKeyPair } from '@lib/sii-fake';

/** Created once and kept, so CAFs issued before a restart still verify with the certificate the gateway trusts (SII_SIM_CAF_CERT). */
export function loadOrCreateAuthorityKey(dir: string, idk?: number): AuthorityKeyMaterial {
  const keyPath = join(dir, 'authority-key.pem');
  const certPath = join(dir, 'authority-cert.pem');
  if (existsSync(keyPath) && existsSync(certPath)) {
    return { privateKeyPem: readFileSync(keyPath, 'utf8'), certificatePem: readFileSync(certPath, 'utf8') };
  }
  const material = authorityKeyMaterial(existsSync(keyPath) ? { privateKeyPem: readFileSync(keyPath, 'utf8') } : {}, idk);
  mkdirSync(dir, { recursive: true });
  writeFileSync(keyPath, material.privateKeyPem, { mode: 0o600 });
  writeFileSync(certPath, material.certificatePem);
  return material;
}

/** In the data dir; the launcher's SII_TLS_CA_FILE. */
export const TLS_KEY_FILE = 'tls-key.pem';
export const TLS_CA_FILE = 'tls-ca.pem';

/** Recreated when it expires within a day, so a client trusting `tls-ca.pem` keeps trusting the sim across restarts. */
export function loadOrCreateTlsCertificate(dir: string, now = new Date()): TlsKeyPair & { caFile: string } {
  const keyPath = join(dir, TLS_KEY_FILE);
  const caFile = join(dir, TLS_CA_FILE);
  if (existsSync(keyPath) && existsSync(caFile)) {
    const pair = { keyPem: readFileSync(keyPath, 'utf8'), certificatePem: readFileSync(caFile, 'utf8') };
    if (Date.parse(new X509Certificate(pair.certificatePem).validTo) > now.getTime() + 86_400_000) return { ...pair, caFile };
  }
  const pair = serverTlsCertificate();
  mkdirSync(dir, { recursive: true });
  writeFileSync(keyPath, pair.keyPem, { mode: 0o600 });
  writeFileSync(caFile, pair.certificatePem);
  return { ...pair, caFile };
}
