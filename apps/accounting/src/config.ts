import { EnvInt } from '@lib/platform';
import type { AppOptions } from '@lib/platform';
import { Matches, ValidateBy } from 'class-validator';
import { internalKeyOf } from '@lib/auth';
import { PollerConfig } from './poller/poller.config';

/**
 * The one config of accounting, validated once at boot (a bad setting stops the process naming it):
 * the common settings (HOST, PORT, NODE_ENV, DATABASE_URL, INTERNAL_KEYS, LOG_LEVEL, ...), the mailbox
 * poller's (PollerConfig, declared beside the poller) and the tax gateway's, below. Each area derives
 * its typed settings from it (`pollerSettingsOf`, `gatewaySettingsOf`).
 */
export class AccountingConfig extends PollerConfig {
  /** Base URL of the tax gateway (canonical taxpayer data, DTE emission). */
  @Matches(/^https?:\/\/[^/\s]+(\/\S*)?$/, { message: 'TAX_GATEWAY_URL must be an http(s) URL' })
  TAX_GATEWAY_URL = 'http://127.0.0.1:8270';

  /** Our X-Internal-Key at the gateway; defaults to the `accounting` entry of INTERNAL_KEYS (no `@IsOptional`: the rule must run when unset). */
  @ValidateBy({
    name: 'gatewayKey',
    validator: {
      validate: (value, args) =>
        typeof value === 'string'
          ? value.length > 0
          : value === undefined && internalKeyOf((args?.object as { INTERNAL_KEYS?: string }).INTERNAL_KEYS, 'accounting') !== undefined,
      defaultMessage: () => 'TAX_GATEWAY_KEY is unset and INTERNAL_KEYS has no "accounting" entry to default to',
    },
  })
  TAX_GATEWAY_KEY?: string;

  /** Timeout of one call to the gateway, milliseconds. */
  @EnvInt({ min: 100, max: 120_000 })
  TAX_GATEWAY_TIMEOUT_MS = 10_000;

  /** Minutes between passes that follow emitted DTEs to the SII's final answer; 0 = never. */
  @EnvInt({ min: 0, max: 1440 })
  EMISION_SEGUIMIENTO_MINUTES = 5;
}

/** Identity of the app: name, default port (README "Apps"), docs title, settings class. */
export const appOptions: AppOptions = {
  appName: 'accounting',
  defaultPort: 8260,
  title: 'Accounting',
  description: 'Double-entry books per company (empresa): chart of accounts, asientos, facturas, reports.',
  config: AccountingConfig,
};

/** Database created in the embedded PostgreSQL when DATABASE_URL is unset. */
export const DEFAULT_DATABASE_NAME = 'accounting';
