import { internalKeyOf } from '@lib/auth';

/** How accounting reaches the tax gateway (CONTRACTS.md "Settings": accounting). */
export interface GatewaySettings {
  /** Base URL, e.g. `http://127.0.0.1:8270` (TAX_GATEWAY_URL). */
  url: string;
  /** Our caller key at the gateway (TAX_GATEWAY_KEY, default: the `accounting` entry of INTERNAL_KEYS). */
  key: string;
  /** Per-request timeout in milliseconds (TAX_GATEWAY_TIMEOUT_MS, default 10000). */
  timeoutMs: number;
}

export const GATEWAY_SETTINGS = Symbol('GATEWAY_SETTINGS');

/**
 * Reads the gateway settings from the environment.
 * @throws Error naming the setting when the URL is not http(s), the timeout is not a positive
 * integer, or no key can be found (config must stop the boot, DESIGN §3 "Config").
 */
export function gatewaySettingsFromEnv(env: NodeJS.ProcessEnv): GatewaySettings {
  const url = (env.TAX_GATEWAY_URL ?? 'http://127.0.0.1:8270').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(url)) throw new Error(`TAX_GATEWAY_URL must be an http(s) URL, got "${url}"`);
  const key = env.TAX_GATEWAY_KEY || internalKeyOf(env.INTERNAL_KEYS, 'accounting');
  if (!key) throw new Error('TAX_GATEWAY_KEY is not set and INTERNAL_KEYS has no "accounting" entry');
  const timeoutMs = Number(env.TAX_GATEWAY_TIMEOUT_MS ?? 10_000);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new Error('TAX_GATEWAY_TIMEOUT_MS must be a positive integer');
  return { url, key, timeoutMs };
}
