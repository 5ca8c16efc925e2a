import { IsUrl } from 'class-validator';
import { CommonConfig, ConfigError, EnvBoolean, EnvInt, loadConfig } from './config';

class AppConfig extends CommonConfig {
  @IsUrl({ require_tld: false })
  SIGNER_URL = 'http://127.0.0.1:8250';

  @EnvBoolean()
  SII_TRUST_SIM_CAF = false;

  @EnvInt({ min: 1 })
  TOKEN_TTL_SECONDS = 1080;
}

const base = { INTERNAL_KEYS: 'admin:k1' };

describe('loadConfig', () => {
  it('applies defaults, converts types and keeps only declared settings', () => {
    const config = loadConfig(AppConfig, { ...base, PORT: '9000', SII_TRUST_SIM_CAF: 'true', PATH: '/bin', DATABASE_URL: '' });
    expect(config).toBeInstanceOf(AppConfig);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.PORT).toBe(9000);
    expect(config.SII_TRUST_SIM_CAF).toBe(true);
    expect(config.TOKEN_TTL_SECONDS).toBe(1080);
    expect(config.NODE_ENV).toBe('development');
    expect(config.DATABASE_URL).toBeUndefined();
    expect((config as unknown as Record<string, unknown>).PATH).toBeUndefined();
  });

  it('names every bad setting in one error, without echoing values', () => {
    let error: ConfigError | undefined;
    try {
      loadConfig(AppConfig, {
        INTERNAL_KEYS: 'admin:supersecretvalue,admin:other',
        PORT: 'eighty',
        SII_TRUST_SIM_CAF: 'maybe',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
      });
    } catch (e) {
      error = e as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = error?.message ?? '';
    for (const name of ['INTERNAL_KEYS', 'PORT', 'SII_TRUST_SIM_CAF', 'DATABASE_URL', 'LOG_LEVEL']) expect(text).toContain(name);
    expect(text).toContain('caller "admin" appears twice');
    expect(text).not.toContain('supersecretvalue');
  });

  it('requires INTERNAL_KEYS, with 16-character keys in production', () => {
    expect(() => loadConfig(CommonConfig, {})).toThrow(/INTERNAL_KEYS: no caller configured/);
    expect(() => loadConfig(CommonConfig, { NODE_ENV: 'production', INTERNAL_KEYS: 'admin:short' })).toThrow(/shorter than 16/);
    expect(loadConfig(CommonConfig, { NODE_ENV: 'production', INTERNAL_KEYS: 'admin:0123456789abcdef' }).NODE_ENV).toBe('production');
  });
});
