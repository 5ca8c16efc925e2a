import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadOrCreateIdentity } from './keystore';
import { tempDir } from '../test/fixtures';

describe('keystore', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());

  it('creates a 2048-bit self-signed certificate carrying the holder RUT, valid 2 years, and reuses it', () => {
    const id = loadOrCreateIdentity(tmp.dir, '22222222-2');
    const cert = new X509Certificate(id.certificatePem);
    expect(cert.subject).toContain('serialNumber=22222222-2');
    expect(cert.subject).toMatch(/CN=Titular Sintetico/);
    const san = execFileSync('openssl', ['x509', '-noout', '-ext', 'subjectAltName'], { input: id.certificatePem }).toString();
    expect(san).toContain('othername: 1.3.6.1.4.1.8321.1::22222222-2');
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    const years = (Date.parse(cert.validTo) - Date.parse(cert.validFrom)) / (365.25 * 86400_000);
    expect(years).toBeGreaterThan(1.99);
    expect(years).toBeLessThan(2.01);
    expect(id.holderRut).toBe('22222222-2');
    expect(id.notAfter).toBe(new Date(cert.validTo).toISOString());
    expect(Buffer.from(id.modulus, 'base64')).toHaveLength(256);
    expect(statSync(join(tmp.dir, 'signer-key.pem')).mode & 0o077).toBe(0);

    const again = loadOrCreateIdentity(tmp.dir, '33333333-3');
    expect(again.certificatePem).toBe(id.certificatePem);
    expect(readFileSync(join(tmp.dir, 'signer-cert.pem'), 'utf8')).toBe(id.certificatePem);
  });

  it('refuses an invalid RUT for a new certificate', () => {
    const other = tempDir();
    try {
      expect(() => loadOrCreateIdentity(other.dir, '11111111-2')).toThrow(/SIGNER_HOLDER_RUT/);
    } finally {
      other.cleanup();
    }
  });

  it.each(['11111111-2', '1111111111-1', '11.111.111-1', ''])('refuses holder RUT %j (modulo 11 of @lib/rut)', (rut) => {
    const other = tempDir();
    try {
      expect(() => loadOrCreateIdentity(other.dir, rut)).toThrow(/SIGNER_HOLDER_RUT/);
    } finally {
      other.cleanup();
    }
  });
});
