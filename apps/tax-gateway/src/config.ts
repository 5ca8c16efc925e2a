import { readFileSync } from 'node:fs';
import { IsIn, IsOptional, IsString, Matches, ValidateBy, ValidateIf, ValidationArguments } from 'class-validator';
import { internalKeyOf } from '@lib/auth';
import { CommonConfig, EnvBoolean, EnvInt } from '@lib/platform';
import type { AppOptions } from '@lib/platform';
import { bankLinkTokensProblem } from './settings/bank-link-tokens';

const HTTP_URL = /^https?:\/\/\S+$/;

type Settings = Partial<TaxGatewayConfig>;
const inProd = (c: Settings): boolean => c.TAX_ENV === 'prod';

/** A rule over the whole configuration, reported under the setting it names. */
function Rule(
  name: string,
  holds: (value: unknown, config: Settings) => boolean,
  message: (config: Settings) => string,
): PropertyDecorator {
  return ValidateBy({
    name,
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => holds(value, (args?.object ?? {}) as Settings),
      defaultMessage: (args?: ValidationArguments) => message((args?.object ?? {}) as Settings),
    },
  });
}

/**
 * Every SII service the gateway calls lives on an https host of the SII's own domain (maullin, palena, ws1,
 * ws2, www4, www4c, zeus, misiir... .sii.cl: docs/research/sii-protocol.md §1); in production nothing else
 * may stand in for it (docs/tax-gateway.md "Settings").
 */
function isSiiUrl(value: unknown): boolean {
  if (typeof value !== 'string') return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && (url.hostname === 'sii.cl' || url.hostname.endsWith('.sii.cl'));
  } catch {
    return false;
  }
}

/** In production, an SII base URL that is not an https URL of *.sii.cl stops the boot naming the setting. */
const SiiUrlInProd = (setting: string): PropertyDecorator =>
  Rule(
    `siiUrlInProd${setting}`,
    (value, c) => !inProd(c) || isSiiUrl(value),
    () => `${setting} must be an https URL of the SII's own domain (*.sii.cl) with TAX_ENV=prod`,
  );

/** Why the sim authority certificate cannot be used, or undefined when it can. */
function simCertificateProblem(path: unknown): string | undefined {
  if (typeof path !== 'string' || !path.trim()) {
    return 'SII_SIM_CAF_CERT (path of the sim authority PEM) is required when SII_TRUST_SIM_CAF=true';
  }
  try {
    const pem = readFileSync(path.trim(), 'utf8');
    return pem.includes('-----BEGIN CERTIFICATE-----') ? undefined : 'SII_SIM_CAF_CERT is not a PEM certificate';
  } catch (err) {
    return `SII_SIM_CAF_CERT cannot be read (${(err as Error).message})`;
  }
}

/**
 * Settings of tax-gateway, validated once at boot: a bad or missing one stops the process naming it
 * (docs/tax-gateway.md "Settings"). The tax areas read them through the typed `TaxSettings` derived
 * from this class (settings/tax-settings.ts). TAX_ENV=prod is refused unless the issuer is certified,
 * the Caratula resolution is given, every SII base URL is an https URL of *.sii.cl and the sim CAF
 * authority is not trusted.
 */
export class TaxGatewayConfig extends CommonConfig {
  /** SII environment: cert (maullin) or prod (palena). */
  @IsIn(['cert', 'prod'])
  TAX_ENV: 'cert' | 'prod' = 'cert';

  /** Base URL of the DTE web services and upload; https://maullin.sii.cl (cert) / https://palena.sii.cl (prod). */
  @IsOptional()
  @Matches(HTTP_URL, { message: 'SII_DTE_BASE_URL must be an http(s) URL' })
  @SiiUrlInProd('SII_DTE_BASE_URL')
  SII_DTE_BASE_URL?: string;

  /**
   * Base URL of RegistroReclamoDTE (RCV acceptance and claims): https://ws2.sii.cl/WSREGISTRORECLAMODTECERT (cert) /
   * https://ws1.sii.cl/WSREGISTRORECLAMODTE (prod); the service is `{base}/registroreclamodteservice`.
   */
  @IsOptional()
  @Matches(HTTP_URL, { message: 'SII_RECLAMO_BASE_URL must be an http(s) URL' })
  @SiiUrlInProd('SII_RECLAMO_BASE_URL')
  SII_RECLAMO_BASE_URL?: string;

  /** Base URL of the RCV's portal services (facadeService): https://www4c.sii.cl (cert) / https://www4.sii.cl (prod). */
  @IsOptional()
  @Matches(HTTP_URL, { message: 'SII_RCV_BASE_URL must be an http(s) URL' })
  @SiiUrlInProd('SII_RCV_BASE_URL')
  SII_RCV_BASE_URL?: string;

  /** Must be true for TAX_ENV=prod (the platform is certified as an issuer by the SII). */
  @EnvBoolean()
  @Rule(
    'issuerCertified',
    (value, c) => !inProd(c) || value === true,
    () => 'SII_ISSUER_CERTIFIED must be true with TAX_ENV=prod (the issuer is not certified by the SII)',
  )
  SII_ISSUER_CERTIFIED = false;

  /** Trust CAFs signed by the sim authority (never with TAX_ENV=prod); needs SII_SIM_CAF_CERT. */
  @EnvBoolean()
  @Rule('noSimTrustInProd', (value, c) => !inProd(c) || value !== true, () => 'SII_TRUST_SIM_CAF=true is not allowed with TAX_ENV=prod')
  SII_TRUST_SIM_CAF = false;

  /** Path of the sim authority certificate (PEM), read at boot when SII_TRUST_SIM_CAF=true. */
  @ValidateIf((c: Settings) => c.SII_TRUST_SIM_CAF === true)
  @Rule('simCafCert', (value) => simCertificateProblem(value) === undefined, (c) => simCertificateProblem(c.SII_SIM_CAF_CERT) ?? '')
  SII_SIM_CAF_CERT?: string;

  /** Timeout of each SII request, ms. */
  @EnvInt({ min: 100 })
  SII_TIMEOUT_MS = 30_000;

  /** User-Agent sent to the SII (a browser-like one by default: docs/tax-gateway.md "Settings"). */
  @IsOptional()
  @IsString()
  SII_USER_AGENT?: string;

  /** Signing service base URL. */
  @Matches(HTTP_URL, { message: 'SIGNER_URL must be an http(s) URL' })
  SIGNER_URL = 'http://127.0.0.1:8250';

  /** X-Internal-Key for the signing service; defaults to the tax-gateway entry of INTERNAL_KEYS. */
  @Rule(
    'signerKey',
    (value, c) => (typeof value === 'string' && value.trim() !== '') || internalKeyOf(c.INTERNAL_KEYS, 'tax-gateway') !== undefined,
    () => 'SIGNER_KEY is required (or a tax-gateway:<key> entry in INTERNAL_KEYS)',
  )
  SIGNER_KEY?: string;

  /** Timeout of each signing service request, ms. */
  @EnvInt({ min: 100 })
  SIGNER_TIMEOUT_MS = 10_000;

  /** SII token cache lifetime per (tenant, environment), seconds (about 18 minutes). */
  @EnvInt({ min: 1 })
  TOKEN_TTL_SECONDS = 1080;

  /** Taxpayer data cache lifetime per RUT, seconds (24 hours). */
  @EnvInt({ min: 1 })
  TAXPAYER_CACHE_TTL_SECONDS = 86_400;

  /**
   * Hours between downloads of the SII's list of DTE-authorized taxpayers (the source of third parties' legal names,
   * docs/tax-gateway.md "Taxpayer data"); the first runs at boot; 0 = only on `POST /tax/contribuyente/autorizados/refresh`.
   */
  @EnvInt({ min: 0 })
  CONTRIBUYENTES_REFRESH_HOURS = 24;

  /** GET /tax/caf/status raises `pocos_folios` when a type has fewer folios left than this. */
  @EnvInt({ min: 0 })
  CAF_ALERTA_FOLIOS = 20;

  /** Seconds between reconciler runs (upload DTEs left signed, follow uploaded envíos); 0 = never. */
  @EnvInt({ min: 0 })
  RECONCILER_INTERVAL_SECONDS = 60;

  /** Base URL of the SII portal pages (carpeta tributaria): https://zeus.sii.cl; the launcher points it at the sim. */
  @IsOptional()
  @Matches(HTTP_URL, { message: 'SII_PORTAL_BASE_URL must be an http(s) URL' })
  @SiiUrlInProd('SII_PORTAL_BASE_URL')
  SII_PORTAL_BASE_URL?: string;

  /** The Chromium the portal pages are driven with (headless, puppeteer-core). */
  @IsOptional()
  @IsString()
  CHROMIUM_PATH?: string;

  /** Timeout of one portal visit (a page job in the browser), ms. */
  @EnvInt({ min: 1000 })
  PORTAL_TIMEOUT_MS = 60_000;

  /** Seconds between runs of the audit receipts' retry loop (signs those the signer could not); 0 = never. */
  @EnvInt({ min: 0 })
  AUDITORIA_RETRY_SECONDS = 60;

  /** Company registry cache lifetime per RUT, seconds (24 hours, like the taxpayer data). */
  @EnvInt({ min: 1 })
  REGISTRO_CACHE_TTL_SECONDS = 86_400;

  /** SII mailbox (notifications, documents) cache lifetime per RUT, seconds (1 hour; the inbox path clears it). */
  @EnvInt({ min: 1 })
  NOTIFICACIONES_CACHE_TTL_SECONDS = 3600;

  /** Base URL of the bank-data aggregator's JSON API (Fintoc-style `/v1/`): https://api.fintoc.com; the launcher points it at the sim. */
  @IsOptional()
  @Matches(HTTP_URL, { message: 'BANK_API_BASE_URL must be an http(s) URL' })
  BANK_API_BASE_URL?: string;

  /** Secret key of the aggregator (sent as the Authorization header, never logged); required when BANK_LINK_TOKENS is set. */
  @Rule(
    'bankApiKey',
    (value, c) => (typeof value === 'string' && value.trim() !== '') || !c.BANK_LINK_TOKENS?.trim(),
    () => 'BANK_API_KEY is required when BANK_LINK_TOKENS is set',
  )
  BANK_API_KEY?: string;

  /** Each tenant's link token at the aggregator, `<RUT>:<link token>,...` (secrets, never logged); a tenant without one is not linked. */
  @IsOptional()
  @Rule('bankLinkTokens', (value) => bankLinkTokensProblem(value) === undefined, (c) => bankLinkTokensProblem(c.BANK_LINK_TOKENS) ?? '')
  BANK_LINK_TOKENS?: string;

  /** Timeout of each aggregator request, ms (504 `banco_timeout` beyond it). */
  @EnvInt({ min: 100 })
  BANK_TIMEOUT_MS = 15_000;
}

/** Identity of the app: name, default port, docs title, settings class. */
export const appOptions: AppOptions = {
  appName: 'tax-gateway',
  defaultPort: 8270,
  title: 'Tax gateway',
  description: 'Every conversation with the SII (Chilean tax authority): tokens, CAF, DTE emission and reception, libros, taxpayer data.',
  config: TaxGatewayConfig,
};

/** Database created in the embedded PostgreSQL when DATABASE_URL is unset. */
export const DEFAULT_DATABASE_NAME = 'tax_gateway';
