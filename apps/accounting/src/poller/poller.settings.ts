import { internalKeyOf } from '@lib/auth';
import { loadConfig } from '@lib/platform';
import { PLATFORM_APPS } from '@lib/contracts';
import { AccountingConfig } from '../config';
import type { GraphSettings } from './graph.client';
import type { ImapSettings } from './imap.adapter';
import { MailboxAdapterKind, PollerConfig, usesGraph, usesImap } from '../poller-config';

export { MAILBOX_ADAPTERS, type MailboxAdapterKind } from '../poller-config';
export interface PollerSettings {
  adapter: MailboxAdapterKind;
  intervalMinutes: number;
  /** Undefined: derived from the address the app listens on. */
  selfUrl?: string;
  fallbackPort: number;
  key: string;
  empresaId?: string;
  timeoutMs: number;
  imap?: ImapSettings;
  graph?: GraphSettings;
}

export const POLLER_SETTINGS = Symbol('POLLER_SETTINGS');

/** The config class holds every rule, so nothing is checked here. */
export function pollerSettingsOf(e: PollerConfig): PollerSettings {
  const key = e.POLLER_KEY || internalKeyOf(e.INTERNAL_KEYS, 'poller') || '';
  const port = Number(e.PORT);
  return {
    adapter: e.MAILBOX_ADAPTER,
    intervalMinutes: e.MAILBOX_ADAPTER === 'none' ? 0 : e.POLLER_INTERVAL_MINUTES,
    selfUrl: e.ACCOUNTING_SELF_URL?.replace(/\/+$/, ''),
    fallbackPort: Number.isInteger(port) && port > 0 ? port : PLATFORM_APPS.accounting.defaultPort,
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

/** For specs and tools; the app derives the settings from its one validated config. */
export function loadPollerSettings(env: NodeJS.ProcessEnv): PollerSettings {
  return pollerSettingsOf(loadConfig(AccountingConfig, env));
}
