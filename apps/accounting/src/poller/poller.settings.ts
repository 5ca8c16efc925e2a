import { ConfigError, EnvBoolean, EnvInt, loadConfig } from '@lib/platform';
import { IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, ValidateIf } from 'class-validator';
import { internalKeyOf } from '@lib/auth';
import type { GraphSettings } from './graph.client';
import type { ImapSettings } from './imap.adapter';

export const MAILBOX_ADAPTERS = ['none', 'imap', 'graph'] as const;
export type MailboxAdapterKind = (typeof MAILBOX_ADAPTERS)[number];

const usesImap = (o: PollerEnv) => o.MAILBOX_ADAPTER === 'imap';
const usesGraph = (o: PollerEnv) => o.MAILBOX_ADAPTER === 'graph';
const URL_PATTERN = /^https?:\/\/[^/\s]+(\/\S*)?$/;

/**
 * The poller's environment variables (docs/accounting-poller.md has the table), validated with the
 * platform's `loadConfig` when the PollerModule is created, i.e. at boot: a bad setting stops the
 * process naming it. Kept beside the poller so the settings of this area live with its code.
 */
export class PollerEnv {
  @IsIn(MAILBOX_ADAPTERS)
  MAILBOX_ADAPTER: MailboxAdapterKind = 'none';

  /** Minutes between runs; 0 disables the schedule (runOnce still works). */
  @EnvInt({ min: 0, max: 1440 })
  POLLER_INTERVAL_MINUTES = 10;

  /** Base URL of this app as the poller reaches it; default: the address the app listens on. */
  @IsOptional()
  @Matches(URL_PATTERN, { message: 'ACCOUNTING_SELF_URL must be an http(s) URL' })
  ACCOUNTING_SELF_URL?: string;

  /** X-Internal-Key of the poller; default: the `poller` entry of INTERNAL_KEYS. */
  @IsOptional()
  @IsString()
  POLLER_KEY?: string;

  /** Books every message into this empresa; unset: the receptor RUT of each DTE picks the empresa. */
  @IsOptional()
  @IsUUID()
  POLLER_EMPRESA_ID?: string;

  /** Timeout of one POST to the endpoint, milliseconds. */
  @EnvInt({ min: 1000, max: 600_000 })
  POLLER_TIMEOUT_MS = 60_000;

  @ValidateIf(usesImap)
  @IsString()
  @IsNotEmpty({ message: 'IMAP_HOST is required when MAILBOX_ADAPTER=imap' })
  IMAP_HOST?: string;

  @EnvInt({ min: 1, max: 65535 })
  IMAP_PORT = 993;

  @EnvBoolean()
  IMAP_SECURE = true;

  @ValidateIf(usesImap)
  @IsString()
  @IsNotEmpty({ message: 'IMAP_USER is required when MAILBOX_ADAPTER=imap' })
  IMAP_USER?: string;

  @ValidateIf(usesImap)
  @IsString()
  @IsNotEmpty({ message: 'IMAP_PASSWORD is required when MAILBOX_ADAPTER=imap' })
  IMAP_PASSWORD?: string;

  @IsString()
  @IsNotEmpty()
  IMAP_MAILBOX = 'INBOX';

  /** Move acknowledged messages to this folder instead of flagging them \Seen. */
  @IsOptional()
  @IsString()
  IMAP_PROCESSED_MAILBOX?: string;

  @EnvBoolean()
  IMAP_TLS_REJECT_UNAUTHORIZED = true;

  @ValidateIf(usesGraph)
  @IsString()
  @IsNotEmpty({ message: 'GRAPH_TENANT_ID is required when MAILBOX_ADAPTER=graph' })
  GRAPH_TENANT_ID?: string;

  @ValidateIf(usesGraph)
  @IsString()
  @IsNotEmpty({ message: 'GRAPH_CLIENT_ID is required when MAILBOX_ADAPTER=graph' })
  GRAPH_CLIENT_ID?: string;

  @ValidateIf(usesGraph)
  @IsString()
  @IsNotEmpty({ message: 'GRAPH_CLIENT_SECRET is required when MAILBOX_ADAPTER=graph' })
  GRAPH_CLIENT_SECRET?: string;

  /** User principal name (or id) of the exchange mailbox. */
  @ValidateIf(usesGraph)
  @IsString()
  @IsNotEmpty({ message: 'GRAPH_MAILBOX is required when MAILBOX_ADAPTER=graph' })
  GRAPH_MAILBOX?: string;

  @IsString()
  @IsNotEmpty()
  GRAPH_FOLDER = 'inbox';

  @Matches(URL_PATTERN, { message: 'GRAPH_BASE_URL must be an http(s) URL' })
  GRAPH_BASE_URL = 'https://graph.microsoft.com/v1.0';

  @Matches(URL_PATTERN, { message: 'GRAPH_AUTHORITY_URL must be an http(s) URL' })
  GRAPH_AUTHORITY_URL = 'https://login.microsoftonline.com';
}

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

/**
 * Reads and validates the poller settings.
 * @param env the environment (INTERNAL_KEYS and PORT included, for the defaults).
 * @throws ConfigError naming each bad setting, or when an adapter is configured with a schedule but no
 *   poller key can be found (POLLER_KEY unset and INTERNAL_KEYS without a `poller` entry).
 */
export function loadPollerSettings(env: NodeJS.ProcessEnv): PollerSettings {
  const e = loadConfig(PollerEnv, env);
  const key = e.POLLER_KEY || internalKeyOf(env.INTERNAL_KEYS, 'poller') || '';
  if (e.MAILBOX_ADAPTER !== 'none' && !key) {
    throw new ConfigError(['POLLER_KEY is unset and INTERNAL_KEYS has no "poller" entry to default to']);
  }
  const port = Number(env.PORT);
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
