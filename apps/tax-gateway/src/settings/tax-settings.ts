import { readFileSync } from 'node:fs';
import { internalKeyOf } from '@lib/auth';
import { ConfigError } from '@lib/platform';

/** SII environment: `cert` = maullin (certification), `prod` = palena (DESIGN §4.1). */
export type TaxEnv = 'cert' | 'prod';

/**
 * Settings of the tax areas of the gateway (token, contribuyente, caf, dte), read once at boot by
 * {@link loadTaxSettings}. Durations are in seconds or milliseconds as their names say.
 */
export interface TaxSettings {
  taxEnv: TaxEnv;
  /** Base URL of the DTE web services and the upload (CrSeed, GetTokenFromSeed, QueryEstUp, DTEUpload). */
  siiDteBaseUrl: string;
  siiIssuerCertified: boolean;
  /** PEM of the sim authority certificate, set only when SII_TRUST_SIM_CAF=true (never in prod). */
  simCafCertificatePem?: string;
  siiTimeoutMs: number;
  siiUserAgent: string;
  signerUrl: string;
  signerKey: string;
  signerTimeoutMs: number;
  tokenTtlSeconds: number;
  taxpayerCacheTtlSeconds: number;
  /** Caratula FchResol (YYYY-MM-DD) and NroResol of the issuer's SII authorization. */
  fchResol: string;
  nroResol: number;
}

/** Injection token of {@link TaxSettings}. */
export const TAX_SETTINGS = Symbol('TAX_SETTINGS');

/** A setting that is missing or malformed; the message names it (DESIGN §3 "Config"). */
export class TaxSettingsError extends ConfigError {
  constructor(problem: string) {
    super([problem]);
  }
}

// The User-Agent the SII's own upload guide uses (research §2.4); the SII rejects non-browser agents.
const DEFAULT_USER_AGENT = 'Mozilla/4.0 (compatible; PROG 1.0; Windows NT 5.0; YComp 5.0.2.4)';
const DEFAULT_BASE_URL: Record<TaxEnv, string> = { cert: 'https://maullin.sii.cl', prod: 'https://palena.sii.cl' };

/** Raw environment strings, or the validated config instance (numbers and booleans already typed). */
type Env = Record<string, unknown>;

/**
 * Reads and validates the tax settings from the environment or from the app's validated config
 * (TaxGatewayConfig in config.ts declares the same names, so a malformed value already stops the boot).
 * @throws TaxSettingsError naming the bad setting; `TAX_ENV=prod` without `SII_ISSUER_CERTIFIED=true`,
 *   or with `SII_TRUST_SIM_CAF=true`, is refused (DESIGN §4.1, CONTRACTS "SII fake").
 */
export function loadTaxSettings(env: Env = process.env): TaxSettings {
  const taxEnv = (str(env, 'TAX_ENV') ?? 'cert') as TaxEnv;
  if (taxEnv !== 'cert' && taxEnv !== 'prod') throw new TaxSettingsError('TAX_ENV must be cert or prod');
  const siiIssuerCertified = bool(env, 'SII_ISSUER_CERTIFIED', false);
  if (taxEnv === 'prod' && !siiIssuerCertified) {
    throw new TaxSettingsError('TAX_ENV=prod requires SII_ISSUER_CERTIFIED=true (the issuer is not certified by the SII)');
  }
  const trustSim = bool(env, 'SII_TRUST_SIM_CAF', false);
  if (trustSim && taxEnv === 'prod') throw new TaxSettingsError('SII_TRUST_SIM_CAF=true is not allowed with TAX_ENV=prod');
  return {
    taxEnv,
    siiDteBaseUrl: url(env, 'SII_DTE_BASE_URL', DEFAULT_BASE_URL[taxEnv]),
    siiIssuerCertified,
    simCafCertificatePem: trustSim ? readPem(str(env, 'SII_SIM_CAF_CERT')) : undefined,
    siiTimeoutMs: int(env, 'SII_TIMEOUT_MS', 30_000, 100),
    siiUserAgent: str(env, 'SII_USER_AGENT') ?? DEFAULT_USER_AGENT,
    signerUrl: url(env, 'SIGNER_URL', 'http://127.0.0.1:8250'),
    signerKey: signerKey(env),
    signerTimeoutMs: int(env, 'SIGNER_TIMEOUT_MS', 10_000, 100),
    tokenTtlSeconds: int(env, 'TOKEN_TTL_SECONDS', 1080, 1),
    taxpayerCacheTtlSeconds: int(env, 'TAXPAYER_CACHE_TTL_SECONDS', 86_400, 1),
    fchResol: fchResol(env, taxEnv),
    nroResol: nroResol(env, taxEnv),
  };
}

function str(env: Env, name: string): string | undefined {
  const value = env[name];
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  if (typeof env[name] === 'boolean') return env[name] as boolean;
  const raw = str(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['true', '1', 'yes'].includes(raw)) return true;
  if (['false', '0', 'no'].includes(raw)) return false;
  throw new TaxSettingsError(`${name} must be true or false`);
}

function int(env: Env, name: string, fallback: number, min: number): number {
  const raw = str(env, name);
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new TaxSettingsError(`${name} must be an integer >= ${min}`);
  return value;
}

function url(env: Env, name: string, fallback: string): string {
  const raw = str(env, name) ?? fallback;
  try {
    const parsed = new URL(raw);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http(s)');
  } catch {
    throw new TaxSettingsError(`${name} must be an http(s) URL`);
  }
  return raw.replace(/\/+$/, '');
}

function readPem(path: string | undefined): string {
  if (!path?.trim()) throw new TaxSettingsError('SII_SIM_CAF_CERT (path of the sim authority PEM) is required when SII_TRUST_SIM_CAF=true');
  let pem: string;
  try {
    pem = readFileSync(path.trim(), 'utf8');
  } catch (err) {
    throw new TaxSettingsError(`SII_SIM_CAF_CERT cannot be read (${(err as Error).message})`);
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) throw new TaxSettingsError('SII_SIM_CAF_CERT is not a PEM certificate');
  return pem;
}

/** SIGNER_KEY, else the `tax-gateway` entry of INTERNAL_KEYS (the launcher's dev keys). */
function signerKey(env: Env): string {
  const explicit = str(env, 'SIGNER_KEY');
  if (explicit) return explicit;
  const key = internalKeyOf(str(env, 'INTERNAL_KEYS'), 'tax-gateway');
  if (!key) throw new TaxSettingsError('SIGNER_KEY is required (or a tax-gateway:<key> entry in INTERNAL_KEYS)');
  return key;
}

// In certification FchResol is the company's certification authorization date and NroResol is 0
// (research §1.9). The cert default date is a placeholder the sim accepts; set the real one.
function fchResol(env: Env, taxEnv: TaxEnv): string {
  const raw = str(env, 'SII_FCH_RESOL');
  if (!raw) {
    if (taxEnv === 'prod') throw new TaxSettingsError('SII_FCH_RESOL (YYYY-MM-DD) is required with TAX_ENV=prod');
    return '2014-08-22';
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(Date.parse(raw))) {
    throw new TaxSettingsError(`SII_FCH_RESOL must be a date YYYY-MM-DD`);
  }
  return raw;
}

function nroResol(env: Env, taxEnv: TaxEnv): number {
  if (taxEnv === 'prod' && str(env, 'SII_NRO_RESOL') === undefined) throw new TaxSettingsError('SII_NRO_RESOL is required with TAX_ENV=prod');
  return int(env, 'SII_NRO_RESOL', 0, 0);
}
