import { internalKeyOf } from '@lib/auth';
import { loadConfig } from '@lib/platform';
import { AccountingConfig } from '../config';

/** How accounting reaches the tax gateway (README "Settings": accounting). */
export interface GatewaySettings {
  /** Base URL, e.g. `http://127.0.0.1:8270` (TAX_GATEWAY_URL). */
  url: string;
  /** Our caller key at the gateway (TAX_GATEWAY_KEY, default: the `accounting` entry of INTERNAL_KEYS). */
  key: string;
  /** Per-request timeout in milliseconds (TAX_GATEWAY_TIMEOUT_MS, default 10000). */
  timeoutMs: number;
}

export const GATEWAY_SETTINGS = Symbol('GATEWAY_SETTINGS');

/** The gateway settings, derived from the validated config (its rules: AccountingConfig). */
export function gatewaySettingsOf(c: AccountingConfig): GatewaySettings {
  const key = c.TAX_GATEWAY_KEY || internalKeyOf(c.INTERNAL_KEYS, 'accounting') || '';
  return { url: c.TAX_GATEWAY_URL.replace(/\/+$/, ''), key, timeoutMs: c.TAX_GATEWAY_TIMEOUT_MS };
}

/**
 * Validates `env` as the app does at boot and derives the gateway settings: for specs and tools.
 * @throws ConfigError naming each bad setting.
 */
export function gatewaySettingsFromEnv(env: NodeJS.ProcessEnv): GatewaySettings {
  return gatewaySettingsOf(loadConfig(AccountingConfig, env));
}
