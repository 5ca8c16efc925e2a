import { IsIn, IsOptional, IsString, Matches, ValidateBy, ValidationArguments } from 'class-validator';
import { CommonConfig, EnvBoolean, EnvInt } from '@lib/platform';
import type { AppOptions } from '@lib/platform';

const HTTP_URL = /^https?:\/\/\S+$/;

/** A boolean setting that must (or must not) be true when TAX_ENV=prod (DESIGN §4.1). */
function ProdRule(name: string, requiredInProd: boolean, message: string): PropertyDecorator {
  const prod = (args: ValidationArguments) => (args.object as { TAX_ENV?: string }).TAX_ENV === 'prod';
  return ValidateBy({
    name,
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => !args || !prod(args) || (value === true) === requiredInProd,
      defaultMessage: () => message,
    },
  });
}

/**
 * Settings of tax-gateway, validated at boot (a bad one stops the process naming it). Common settings
 * (HOST, PORT, NODE_ENV, DATABASE_URL, INTERNAL_KEYS, LOG_LEVEL, ...) come from CommonConfig;
 * domain settings are added here by the engineers of each area.
 */
export class TaxGatewayConfig extends CommonConfig {
  // --- SII and signing service (tax areas; read into TaxSettings, see src/settings/tax-settings.ts,
  // which also refuses TAX_ENV=prod without SII_ISSUER_CERTIFIED=true or with SII_TRUST_SIM_CAF=true).

  /** SII environment: cert (maullin) or prod (palena). */
  @IsIn(['cert', 'prod'])
  TAX_ENV = 'cert';

  /** Base URL of the DTE web services and upload; https://maullin.sii.cl (cert) / https://palena.sii.cl (prod). */
  @IsOptional() @Matches(HTTP_URL, { message: 'SII_DTE_BASE_URL must be an http(s) URL' })
  SII_DTE_BASE_URL?: string;

  /** Must be true for TAX_ENV=prod (the platform is certified as an issuer by the SII). */
  @EnvBoolean()
  @ProdRule('issuerCertified', true, 'SII_ISSUER_CERTIFIED must be true with TAX_ENV=prod (the issuer is not certified by the SII)')
  SII_ISSUER_CERTIFIED = false;

  /** Trust CAFs signed by the sim authority (never with TAX_ENV=prod); needs SII_SIM_CAF_CERT. */
  @EnvBoolean()
  @ProdRule('noSimTrustInProd', false, 'SII_TRUST_SIM_CAF=true is not allowed with TAX_ENV=prod')
  SII_TRUST_SIM_CAF = false;

  /** Path of the sim authority certificate (PEM). */
  @IsOptional() @IsString()
  SII_SIM_CAF_CERT?: string;

  /** Timeout of each SII request, ms. */
  @EnvInt({ min: 100 })
  SII_TIMEOUT_MS = 30_000;

  /** User-Agent sent to the SII (Mozilla-style by default). */
  @IsOptional() @IsString()
  SII_USER_AGENT?: string;

  /** Caratula FchResol (YYYY-MM-DD); required in prod. */
  @IsOptional() @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'SII_FCH_RESOL must be a date YYYY-MM-DD' })
  SII_FCH_RESOL?: string;

  /** Caratula NroResol; 0 in certification, required in prod. */
  @IsOptional() @EnvInt({ min: 0 })
  SII_NRO_RESOL?: number;

  /** Signing service base URL. */
  @Matches(HTTP_URL, { message: 'SIGNER_URL must be an http(s) URL' })
  SIGNER_URL = 'http://127.0.0.1:8250';

  /** X-Internal-Key for the signing service; defaults to the tax-gateway entry of INTERNAL_KEYS. */
  @IsOptional() @IsString()
  SIGNER_KEY?: string;

  /** Timeout of each signing service request, ms. */
  @EnvInt({ min: 100 })
  SIGNER_TIMEOUT_MS = 10_000;

  /** SII token cache lifetime per (tenant, environment), seconds (18 minutes). */
  @EnvInt({ min: 1 })
  TOKEN_TTL_SECONDS = 1080;

  /** Taxpayer data cache lifetime per RUT, seconds (24 hours). */
  @EnvInt({ min: 1 })
  TAXPAYER_CACHE_TTL_SECONDS = 86_400;
}

/** Identity of the app: name, default port (DESIGN §1), docs title, settings class. */
export const appOptions: AppOptions = {
  appName: 'tax-gateway',
  defaultPort: 8270,
  title: 'Tax gateway',
  description: 'Every conversation with the SII (Chilean tax authority): tokens, CAF, DTE emission and reception, libros, taxpayer data.',
  config: TaxGatewayConfig,
};

/** Database created in the embedded PostgreSQL when DATABASE_URL is unset. */
export const DEFAULT_DATABASE_NAME = 'tax_gateway';
