import { internalKeyOf } from '@lib/auth';
import { loadConfig } from '@lib/platform';
import { AccountingConfig } from '../config';
import type { GraphSettings } from './graph.client';
import type { ImapSettings } from './imap.adapter';
import { MailboxAdapterKind, PollerConfig, usesGraph, usesImap } from './poller.config';

export { MAILBOX_ADAPTERS, type MailboxAdapterKind } from './poller.config';
/** The poller's resolved settings. */
export interface PollerSettings {
  adapter: MailboxAdapterKind;
  /** Minutes between runs; 0 = no schedule. */
  intervalMinutes: number;
  /** Endpoint base URL; undefined = derive it from the address the app listens on. */
  selfUrl?: string;
  /** Port to fall back on when the listening address is unknown (PORT, else 8260). */
  fallbackPort: number;
  key: string;
  empresaId?: string;
  timeoutMs: number;
  imap?: ImapSettings;
  graph?: GraphSettings;
}

export const POLLER_SETTINGS = Symbol('POLLER_SETTINGS');

/** The poller's typed settings, derived from the validated config (no rule is checked here: the config class has them all). */
export function pollerSettingsOf(e: PollerConfig): PollerSettings {
  const key = e.POLLER_KEY || internalKeyOf(e.INTERNAL_KEYS, 'poller') || '';
  const port = Number(e.PORT);
  return {
    adapter: e.MAILBOX_ADAPTER,
    intervalMinutes: e.MAILBOX_ADAPTER === 'none' ? 0 : e.POLLER_INTERVAL_MINUTES,
    selfUrl: e.ACCOUNTING_SELF_URL?.replace(/\/+$/, ''),
    fallbackPort: Number.isInteger(port) && port > 0 ? port : 8260,
    key,
    empresaId: e.POLLER_EMPRESA_ID,
    timeoutMs: e.POLLER_TIMEOUT_MS,
    imap: usesImap(e)
      ? {
          host: e.IMAP_HOST as string,
          port: e.IMAP_PORT,
          secure: e.IMAP_SECURE,
          user: e.IMAP_USER as string,
          password: e.IMAP_PASSWORD as string,
          mailbox: e.IMAP_MAILBOX,
          processedMailbox: e.IMAP_PROCESSED_MAILBOX,
          tlsRejectUnauthorized: e.IMAP_TLS_REJECT_UNAUTHORIZED,
        }
      : undefined,
    graph: usesGraph(e)
      ? {
          tenantId: e.GRAPH_TENANT_ID as string,
          clientId: e.GRAPH_CLIENT_ID as string,
          clientSecret: e.GRAPH_CLIENT_SECRET as string,
          mailbox: e.GRAPH_MAILBOX as string,
          folder: e.GRAPH_FOLDER,
          graphBaseUrl: e.GRAPH_BASE_URL,
          authorityUrl: e.GRAPH_AUTHORITY_URL,
        }
      : undefined,
  };
}

/**
 * Validates `env` as the app does at boot and derives the poller settings: for specs and tools; the app
 * itself derives them from its one validated config (PollerModule).
 * @throws ConfigError naming each bad setting.
 */
export function loadPollerSettings(env: NodeJS.ProcessEnv): PollerSettings {
  return pollerSettingsOf(loadConfig(AccountingConfig, env));
}
