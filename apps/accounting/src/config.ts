import { EnvInt } from '@lib/platform';
import type { AppOptions } from '@lib/platform';
import { PLATFORM_APPS } from '@lib/contracts';
import { Matches, ValidateBy } from 'class-validator';
import { internalKeyOf } from '@lib/auth';
import { PollerConfig } from './poller-config';

/** The one config of accounting, validated once at boot; areas derive typed settings from it (`gatewaySettingsOf`). */
export class AccountingConfig extends PollerConfig {
  @Matches(/^https?:\/\/[^/\s]+(\/\S*)?$/, { message: 'TAX_GATEWAY_URL must be an http(s) URL' })
  TAX_GATEWAY_URL = `http://127.0.0.1:${PLATFORM_APPS.taxGateway.defaultPort}`;

  /** Default: the `accounting` entry of INTERNAL_KEYS (no `@IsOptional`: the rule must run when unset). */
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

  @EnvInt({ min: 100, max: 120_000 })
  TAX_GATEWAY_TIMEOUT_MS = 10_000;

  /** Following emitted DTEs to the SII's final answer; 0 = never. */
  @EnvInt({ min: 0, max: 1440 })
  EMISION_SEGUIMIENTO_MINUTES = 5;

  /** From this day of each month (America/Santiago) the previous month's purchases are reconciled with the RCV; 0 = never. */
  @EnvInt({ min: 0, max: 28 })
  RCV_CONCILIACION_DIA = 10;
}

export const appOptions: AppOptions = { ...PLATFORM_APPS.accounting, config: AccountingConfig };

export const DEFAULT_DATABASE_NAME = 'accounting';
