import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@lib/platform';
import { loadTaxSettings } from './tax-settings';

const BASE = { SIGNER_KEY: 'k' };

describe('loadTaxSettings', () => {
  it('defaults to certification (maullin), an 18 minute token, 24 h taxpayer cache', () => {
    const s = loadTaxSettings(BASE);
    expect(s).toMatchObject({
      taxEnv: 'cert',
      siiDteBaseUrl: 'https://maullin.sii.cl',
      siiReclamoBaseUrl: 'https://ws2.sii.cl/WSREGISTRORECLAMODTECERT',
      siiRcvBaseUrl: 'https://www4c.sii.cl',
      siiBoletaApiBaseUrl: 'https://apicert.sii.cl',
      siiBoletaEnvioBaseUrl: 'https://pangal.sii.cl',
      boletaEnvioEsperaMs: 2000,
      tokenTtlSeconds: 1080,
      taxpayerCacheTtlSeconds: 86_400,
      signerUrl: 'http://127.0.0.1:8250',
      simCafCertificatePem: undefined,
    });
    expect(s.siiUserAgent).toMatch(/^Mozilla\//);
  });

  it('uses palena for prod and refuses prod unless SII_ISSUER_CERTIFIED=true', () => {
    expect(() => loadTaxSettings({ ...BASE, TAX_ENV: 'prod' })).toThrow(/SII_ISSUER_CERTIFIED/);
    const prod = { ...BASE, TAX_ENV: 'prod', SII_ISSUER_CERTIFIED: 'true' };
    expect(loadTaxSettings(prod)).toMatchObject({
      taxEnv: 'prod',
      siiDteBaseUrl: 'https://palena.sii.cl',
      siiReclamoBaseUrl: 'https://ws1.sii.cl/WSREGISTRORECLAMODTE',
      siiRcvBaseUrl: 'https://www4.sii.cl',
      siiBoletaApiBaseUrl: 'https://api.sii.cl',
      siiBoletaEnvioBaseUrl: 'https://rahue.sii.cl',
    });
  });

  it.each([
    'SII_DTE_BASE_URL',
    'SII_RECLAMO_BASE_URL',
    'SII_RCV_BASE_URL',
    'SII_PORTAL_BASE_URL',
    'SII_BHE_BASE_URL',
    'SII_BOLETA_API_BASE_URL',
    'SII_BOLETA_ENVIO_BASE_URL',
  ])('refuses %s outside https://*.sii.cl in prod, naming it, and allows the stand-in in certification', (setting) => {
    const prod = { ...BASE, TAX_ENV: 'prod', SII_ISSUER_CERTIFIED: 'true' };
    for (const url of ['http://127.0.0.1:8241', 'http://palena.sii.cl', 'https://palena.sii.cl.evil.example', 'https://notsii.cl']) {
      expect(() => loadTaxSettings({ ...prod, [setting]: url })).toThrow(new RegExp(`${setting} must be an https URL of the SII`));
    }
    expect(() => loadTaxSettings({ ...prod, [setting]: 'https://www4.sii.cl' })).not.toThrow();
    expect(() => loadTaxSettings({ ...BASE, [setting]: 'http://127.0.0.1:8241' })).not.toThrow();
  });

  it('never trusts the sim CAF authority in prod, and needs its PEM otherwise', () => {
    const prod = { ...BASE, TAX_ENV: 'prod', SII_ISSUER_CERTIFIED: true };
    expect(() => loadTaxSettings({ ...prod, SII_TRUST_SIM_CAF: true })).toThrow(/SII_TRUST_SIM_CAF/);
    expect(() => loadTaxSettings({ ...BASE, SII_TRUST_SIM_CAF: 'true' })).toThrow(/SII_SIM_CAF_CERT/);
    const dir = mkdtempSync(join(tmpdir(), 'tax-settings-'));
    const bad = join(dir, 'bad.pem');
    writeFileSync(bad, 'hello');
    expect(() => loadTaxSettings({ ...BASE, SII_TRUST_SIM_CAF: 'true', SII_SIM_CAF_CERT: bad })).toThrow(/not a PEM/);
    const good = join(dir, 'good.pem');
    writeFileSync(good, '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n');
    expect(loadTaxSettings({ ...BASE, SII_TRUST_SIM_CAF: 'true', SII_SIM_CAF_CERT: good }).simCafCertificatePem).toContain(
      'BEGIN CERTIFICATE',
    );
  });

  it('takes SIGNER_KEY from the tax-gateway entry of INTERNAL_KEYS when unset, else fails naming it', () => {
    expect(loadTaxSettings({ INTERNAL_KEYS: 'admin:a,tax-gateway:gw-key' }).signerKey).toBe('gw-key');
    expect(() => loadTaxSettings({ INTERNAL_KEYS: 'admin:a' })).toThrow(/SIGNER_KEY/);
  });

  it('reports malformed values as ConfigError naming the setting, never echoing the value', () => {
    for (const [name, value] of [
      ['TAX_ENV', 'staging'],
      ['TOKEN_TTL_SECONDS', '-5'],
      ['SII_DTE_BASE_URL', 'ftp://x'],
      ['SII_RECLAMO_BASE_URL', 'file:///x'],
      ['SII_RCV_BASE_URL', 'nope'],
      ['SII_BOLETA_ENVIO_BASE_URL', 'nope'],
      ['BOLETA_ENVIO_ESPERA_MS', '-1'],
      ['SIGNER_URL', 'ftp://signer'],
      ['SII_ISSUER_CERTIFIED', 'maybe'],
    ]) {
      let error: unknown;
      try {
        loadTaxSettings({ ...BASE, [name]: value });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain(name);
      expect((error as Error).message).not.toContain(value);
    }
  });

  it('accepts the typed values of the validated config (numbers and booleans)', () => {
    expect(loadTaxSettings({ ...BASE, TOKEN_TTL_SECONDS: 60, SII_ISSUER_CERTIFIED: false }).tokenTtlSeconds).toBe(60);
  });
});
