import { InternalKeyRegistry, internalKeyOf } from '@lib/auth';
import { PLATFORM_APPS } from '@lib/contracts';

/** The development launcher's key for the stored bank links (32 bytes, base64): a development default, like the keys below. */
export const DEV_BANK_LINKS_KEY = Buffer.from('dev-bank-links-key-32-bytes-long').toString('base64');

/** Every value can be overridden by env. */
export const DEFAULT_INTERNAL_KEYS = [
  'admin:dev-admin-key',
  'assistant:dev-assistant-key',
  'mailer:dev-mailer-key',
  'accounting:dev-accounting-key',
  'poller:dev-poller-key',
  'marketplace:dev-marketplace-key',
  'ci:dev-ci-key',
  'tax-gateway:dev-tax-gateway-key',
].join(',');

const port = (envName: string, fallback: number) => Number(process.env[envName] ?? fallback);

/** `<NAME>_PORT` moves one (e.g. for a second stack). */
export const PORTS = {
  signer: port('SIGNER_PORT', 8250),
  accounting: port('ACCOUNTING_PORT', PLATFORM_APPS.accounting.defaultPort),
  gateway: port('TAX_GATEWAY_PORT', PLATFORM_APPS.taxGateway.defaultPort),
  registry: port('SERVICE_REGISTRY_PORT', PLATFORM_APPS.serviceRegistry.defaultPort),
  sim: port('SIM_PORT', 8241),
  /** The SII's certificate login (CAutInicio.cgi), which the signer calls. */
  simTls: port('SIM_TLS_PORT', 8243),
  devAuth: port('DEV_AUTH_PORT', 8242),
} as const;

const host = () => process.env.STACK_HOST ?? '127.0.0.1';

export function stackUrls() {
  const url = (envName: string, port: number) => process.env[envName] ?? `http://${host()}:${port}`;
  return {
    gateway: url('TAX_GATEWAY_URL', PORTS.gateway),
    accounting: url('ACCOUNTING_URL', PORTS.accounting),
    registry: url('SERVICE_REGISTRY_URL', PORTS.registry),
    signer: url('SIGNER_URL', PORTS.signer),
    sim: url('SII_SIM_URL', PORTS.sim),
    devAuth: url('DEV_AUTH_URL', PORTS.devAuth),
  };
}

/** Dev defaults when unset; the apps' own parser (@lib/auth), so the launcher refuses exactly what they would. */
export function parseInternalKeys(raw = process.env.INTERNAL_KEYS ?? DEFAULT_INTERNAL_KEYS): Record<string, string> {
  const { callers } = InternalKeyRegistry.parse(raw);
  return Object.fromEntries(callers.map((caller) => [caller, internalKeyOf(raw, caller) as string]));
}

export function devKeys() {
  const keys = parseInternalKeys();
  const need = (caller: string) => {
    const key = keys[caller];
    if (!key) throw new Error(`INTERNAL_KEYS has no key for caller "${caller}"`);
    return key;
  };
  return { all: keys, admin: need('admin'), accounting: need('accounting'), gateway: need('tax-gateway') };
}
