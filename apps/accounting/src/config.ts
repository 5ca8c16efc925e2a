import { CommonConfig, EnvInt } from '@lib/platform';
import type { AppOptions } from '@lib/platform';
import { IsOptional, IsString, Matches, ValidateBy } from 'class-validator';
import { internalKeyOf } from '@lib/auth';

/**
 * Settings of accounting, validated at boot (a bad one stops the process naming it). Common settings
 * (HOST, PORT, NODE_ENV, DATABASE_URL, INTERNAL_KEYS, LOG_LEVEL, ...) come from CommonConfig;
 * domain settings are added here by the engineers of each area.
 */
export class AccountingConfig extends CommonConfig {
  /** Base URL of the tax gateway (canonical taxpayer data; later DTE emission). */
  @Matches(/^https?:\/\/[^/\s]+(\/\S*)?$/, { message: 'TAX_GATEWAY_URL must be an http(s) URL' })
  TAX_GATEWAY_URL = 'http://127.0.0.1:8270';

  /** Our X-Internal-Key at the gateway; defaults to the `accounting` entry of INTERNAL_KEYS. */
  @IsOptional()
  @IsString()
  @ValidateBy({
    name: 'gatewayKey',
    validator: {
      validate: (value, args) =>
        (typeof value === 'string' && value.length > 0) ||
        internalKeyOf((args?.object as { INTERNAL_KEYS?: string }).INTERNAL_KEYS, 'accounting') !== undefined,
      defaultMessage: () => 'TAX_GATEWAY_KEY is unset and INTERNAL_KEYS has no "accounting" entry to default to',
    },
  })
  TAX_GATEWAY_KEY?: string;

  /** Timeout of one call to the gateway, milliseconds. */
  @EnvInt({ min: 100, max: 120_000 })
  TAX_GATEWAY_TIMEOUT_MS = 10_000;
}

/** Identity of the app: name, default port (DESIGN §1), docs title, settings class. */
export const appOptions: AppOptions = {
  appName: 'accounting',
  defaultPort: 8260,
  title: 'Accounting',
  description: 'Double-entry books per company (empresa): chart of accounts, asientos, facturas, reports.',
  config: AccountingConfig,
};

/** Database created in the embedded PostgreSQL when DATABASE_URL is unset. */
export const DEFAULT_DATABASE_NAME = 'accounting';
