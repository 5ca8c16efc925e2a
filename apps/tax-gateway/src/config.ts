import { readFileSync } from 'node:fs';
import { IsIn, IsOptional, IsString, Matches, ValidateBy, ValidateIf, ValidationArguments } from 'class-validator';
import { internalKeyOf } from '@lib/auth';
import { CommonConfig, EnvBoolean, EnvInt } from '@lib/platform';
import type { AppOptions } from '@lib/platform';
import { PLATFORM_APPS } from '@lib/contracts';
import { bankLinkTokensProblem, bankLinksKeyOf } from './settings/bank-link-tokens';

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
 * Every SII service lives on an https host of *.sii.cl (docs/research/sii-protocol.md §1); in production nothing else may stand in for it.
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
 * Validated once at boot; each setting's meaning and default: docs/tax-gateway.md "Settings". TAX_ENV=prod is refused unless the issuer is
 * certified, the Caratula resolution is given, every SII base URL is an https URL of *.sii.cl and the sim CAF authority is not trusted.
 */
export class TaxGatewayConfig extends CommonConfig {
  @IsIn(['cert', 'prod'])
  TAX_ENV: 'cert' | 'prod' = 'cert';

  @IsOptional()
  @Matches(HTTP_URL, { message: 'SII_DTE_BASE_URL must be an http(s) URL' })
  @SiiUrlInProd('SII_DTE_BASE_URL')
  SII_DTE_BASE_URL?: string;

  @IsOptional()
  @Matches(HTTP_URL, { message: 'SII_RECLAMO_BASE_URL must be an http(s) URL' })
  @SiiUrlInProd('SII_RECLAMO_BASE_URL')
  SII_RECLAMO_BASE_URL?: string;

  @IsOptional()
  @Matches(HTTP_URL, { message: 'SII_RCV_BASE_URL must be an http(s) URL' })
  @SiiUrlInProd('SII_RCV_BASE_URL')
  SII_RCV_BASE_URL?: string;

  @IsOptional()
  @Matches(HTTP_URL, { message: 'SII_BOLETA_API_BASE_URL must be an http(s) URL' })
  @SiiUrlInProd('SII_BOLETA_API_BASE_URL')
  SII_BOLETA_API_BASE_URL?: string;

  @IsOptional()
  @Matches(HTTP_URL, { message: 'SII_BOLETA_ENVIO_BASE_URL must be an http(s) URL' })
  @SiiUrlInProd('SII_BOLETA_ENVIO_BASE_URL')
  SII_BOLETA_ENVIO_BASE_URL?: string;

  @EnvInt({ min: 0, max: 3_600_000 })
  BOLETA_ENVIO_ESPERA_MS = 2000;

  @EnvBoolean()
  @Rule(
    'issuerCertified',
    (value, c) => !inProd(c) || value === true,
    () => 'SII_ISSUER_CERTIFIED must be true with TAX_ENV=prod (the issuer is not certified by the SII)',
  )
  SII_ISSUER_CERTIFIED = false;

  @EnvBoolean()
  @Rule('noSimTrustInProd', (value, c) => !inProd(c) || value !== true, () => 'SII_TRUST_SIM_CAF=true is not allowed with TAX_ENV=prod')
  SII_TRUST_SIM_CAF = false;

  @ValidateIf((c: Settings) => c.SII_TRUST_SIM_CAF === true)
  @Rule('simCafCert', (value) => simCertificateProblem(value) === undefined, (c) => simCertificateProblem(c.SII_SIM_CAF_CERT) ?? '')
  SII_SIM_CAF_CERT?: string;

  @EnvInt({ min: 100 })
  SII_TIMEOUT_MS = 30_000;

  @IsOptional()
  @IsString()
  SII_USER_AGENT?: string;

  @Matches(HTTP_URL, { message: 'SIGNER_URL must be an http(s) URL' })
  SIGNER_URL = 'http://127.0.0.1:8250';

  @Rule(
    'signerKey',
    (value, c) => (typeof value === 'string' && value.trim() !== '') || internalKeyOf(c.INTERNAL_KEYS, 'tax-gateway') !== undefined,
    () => 'SIGNER_KEY is required (or a tax-gateway:<key> entry in INTERNAL_KEYS)',
  )
  SIGNER_KEY?: string;

  @EnvInt({ min: 100 })
  SIGNER_TIMEOUT_MS = 10_000;

  @EnvInt({ min: 1 })
  TOKEN_TTL_SECONDS = 1080;

  @EnvInt({ min: 1 })
  TAXPAYER_CACHE_TTL_SECONDS = 86_400;

  @EnvInt({ min: 0 })
  CONTRIBUYENTES_REFRESH_HOURS = 24;

  @EnvInt({ min: 0 })
  CAF_ALERTA_FOLIOS = 20;

  @EnvInt({ min: 0 })
  RECONCILER_INTERVAL_SECONDS = 60;

  @IsOptional()
  @Matches(HTTP_URL, { message: 'SII_PORTAL_BASE_URL must be an http(s) URL' })
  @SiiUrlInProd('SII_PORTAL_BASE_URL')
  SII_PORTAL_BASE_URL?: string;

  @IsOptional()
  @Matches(HTTP_URL, { message: 'SII_BHE_BASE_URL must be an http(s) URL' })
  @SiiUrlInProd('SII_BHE_BASE_URL')
  SII_BHE_BASE_URL?: string;

  @IsOptional()
  @IsString()
  CHROMIUM_PATH?: string;

  @EnvInt({ min: 1000 })
  PORTAL_TIMEOUT_MS = 60_000;

  @EnvInt({ min: 0 })
  AUDITORIA_RETRY_SECONDS = 60;

  @EnvInt({ min: 1 })
  REGISTRO_CACHE_TTL_SECONDS = 86_400;

  @EnvInt({ min: 1 })
  NOTIFICACIONES_CACHE_TTL_SECONDS = 3600;

  @IsOptional()
  @Matches(HTTP_URL, { message: 'BANK_API_BASE_URL must be an http(s) URL' })
  BANK_API_BASE_URL?: string;

  @Rule(
    'bankApiKey',
    (value, c) => (typeof value === 'string' && value.trim() !== '') || !c.BANK_LINK_TOKENS?.trim(),
    () => 'BANK_API_KEY is required when BANK_LINK_TOKENS is set',
  )
  BANK_API_KEY?: string;

  /** Deprecated: seeds `banco_link` at boot for the tenants without a link (docs/tax-gateway.md "Bank links"). */
  @IsOptional()
  @Rule('bankLinkTokens', (value) => bankLinkTokensProblem(value) === undefined, (c) => bankLinkTokensProblem(c.BANK_LINK_TOKENS) ?? '')
  BANK_LINK_TOKENS?: string;

  /** The key the bank links are encrypted with: 32 bytes, base64. Required to register a link or to seed BANK_LINK_TOKENS. */
  @Rule(
    'bankLinksKey',
    (value, c) => (value === undefined ? !c.BANK_LINK_TOKENS?.trim() : bankLinksKeyOf(value) !== undefined),
    (c) =>
      c.BANK_LINKS_KEY === undefined
        ? 'BANK_LINKS_KEY is required when BANK_LINK_TOKENS is set (the links are stored encrypted)'
        : 'BANK_LINKS_KEY must be 32 bytes in base64 (openssl rand -base64 32)',
  )
  BANK_LINKS_KEY?: string;

  @EnvInt({ min: 100 })
  BANK_TIMEOUT_MS = 15_000;
}

export const appOptions: AppOptions = { ...PLATFORM_APPS.taxGateway, config: TaxGatewayConfig };

/** Database created in the embedded PostgreSQL when DATABASE_URL is unset. */
export const DEFAULT_DATABASE_NAME = 'tax_gateway';
