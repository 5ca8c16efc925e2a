import { internalKeyOf } from '@lib/auth';
import { loadConfig } from '@lib/platform';
import { AccountingConfig } from '../config';

export interface GatewaySettings {
  url: string;
  key: string;
  timeoutMs: number;
}

export const GATEWAY_SETTINGS = Symbol('GATEWAY_SETTINGS');

export function gatewaySettingsOf(c: AccountingConfig): GatewaySettings {
  const key = c.TAX_GATEWAY_KEY || internalKeyOf(c.INTERNAL_KEYS, 'accounting') || '';
  return { url: c.TAX_GATEWAY_URL.replace(/\/+$/, ''), key, timeoutMs: c.TAX_GATEWAY_TIMEOUT_MS };
}

/** For specs and tools. */
export function gatewaySettingsFromEnv(env: NodeJS.ProcessEnv): GatewaySettings {
  return gatewaySettingsOf(loadConfig(AccountingConfig, env));
}
