import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { authorityKeyMaterial, type AuthorityKeyMaterial } from '@lib/sii-fake';

/**
 * Loads the authority key and certificate from `dir` (authority-key.pem, authority-cert.pem), or
 * creates and stores them on first start, so CAFs issued before a restart still verify with the
 * certificate the gateway trusts (SII_SIM_CAF_CERT can point at authority-cert.pem).
 */
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
