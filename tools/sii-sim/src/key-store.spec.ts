import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOrCreateTlsCertificate } from './key-store';

describe('loadOrCreateTlsCertificate', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sii-sim-tls-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates a certificate for 127.0.0.1 and localhost, reuses it, and replaces it when it expires within a day', () => {
    const first = loadOrCreateTlsCertificate(dir);
    const x509 = new X509Certificate(first.certificatePem);
    expect(x509.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(x509.checkHost('localhost')).toBe('localhost');
    expect(first.caFile).toBe(join(dir, 'tls-ca.pem'));
    expect(readFileSync(first.caFile, 'utf8')).toBe(first.certificatePem);
    expect(loadOrCreateTlsCertificate(dir).certificatePem).toBe(first.certificatePem);
    const nearExpiry = new Date(Date.parse(x509.validTo) - 3600_000);
    const renewed = loadOrCreateTlsCertificate(dir, nearExpiry);
    expect(renewed.certificatePem).not.toBe(first.certificatePem);
    expect(readFileSync(join(dir, 'tls-key.pem'), 'utf8')).toBe(renewed.keyPem);
  });
});
