import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { readPortalSettings } from './portal-settings';
import { opensslServerCertificate, tempDir } from '../test/fixtures';

describe('readPortalSettings', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());

  it('defaults to herculesr, the system CAs and 8 s', () => {
    expect(readPortalSettings({})).toEqual({ authUrl: 'https://herculesr.sii.cl/cgi_AUT2000/CAutInicio.cgi', timeoutMs: 8000 });
  });

  it('adds the SII_TLS_CA_FILE certificate to the system CAs', () => {
    const pem = opensslServerCertificate().certificatePem;
    const file = join(tmp.dir, 'tls-ca.pem');
    writeFileSync(file, pem);
    const settings = readPortalSettings({
      SII_AUTH_URL: 'https://127.0.0.1:8243/cgi_AUT2000/CAutInicio.cgi',
      SII_TLS_CA_FILE: file,
      SII_AUTH_TIMEOUT_MS: '2500',
    });
    expect(settings).toEqual({
      authUrl: 'https://127.0.0.1:8243/cgi_AUT2000/CAutInicio.cgi',
      timeoutMs: 2500,
      ca: [...rootCertificates, pem],
    });
  });

  it.each([
    [{ SII_AUTH_URL: 'http://herculesr.sii.cl/cgi_AUT2000/CAutInicio.cgi' }, /SII_AUTH_URL must be an absolute https URL/],
    [{ SII_AUTH_URL: '/cgi_AUT2000/CAutInicio.cgi' }, /SII_AUTH_URL/],
    [{ SII_AUTH_TIMEOUT_MS: 'soon' }, /SII_AUTH_TIMEOUT_MS/],
    [{ SII_AUTH_TIMEOUT_MS: '0' }, /SII_AUTH_TIMEOUT_MS/],
    [{ SII_TLS_CA_FILE: '/nonexistent/tls-ca.pem' }, /SII_TLS_CA_FILE cannot be read .*ENOENT/],
  ])('refuses %j, naming the setting', (env, message) => {
    expect(() => readPortalSettings(env)).toThrow(message);
  });

  it('refuses a SII_TLS_CA_FILE that is not a PEM certificate', () => {
    const file = join(tmp.dir, 'garbage.pem');
    writeFileSync(file, 'not a certificate');
    expect(() => readPortalSettings({ SII_TLS_CA_FILE: file })).toThrow(/SII_TLS_CA_FILE is not a PEM certificate/);
  });
});
