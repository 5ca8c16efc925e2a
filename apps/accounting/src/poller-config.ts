import { CommonConfig, EnvBoolean, EnvInt } from '@lib/platform';
import { IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, ValidateBy, ValidateIf } from 'class-validator';
import { internalKeyOf } from '@lib/auth';

export const MAILBOX_ADAPTERS = ['none', 'imap', 'graph'] as const;
export type MailboxAdapterKind = (typeof MAILBOX_ADAPTERS)[number];

export const usesImap = (o: PollerConfig) => o.MAILBOX_ADAPTER === 'imap';
export const usesGraph = (o: PollerConfig) => o.MAILBOX_ADAPTER === 'graph';
const URL_PATTERN = /^https?:\/\/[^/\s]+(\/\S*)?$/;

/**
 * The poller's settings (docs/accounting-poller.md has the table), part of the one validated
 * {@link AccountingConfig}. Here, not in poller/, so the config does not import the poller area.
 */
export class PollerConfig extends CommonConfig {
  @IsIn(MAILBOX_ADAPTERS)
  MAILBOX_ADAPTER: MailboxAdapterKind = 'none';

  /** 0 disables the schedule (runOnce still works). */
  @EnvInt({ min: 0, max: 1440 })
  POLLER_INTERVAL_MINUTES = 10;

  /** Default: the address the app listens on. */
  @IsOptional()
  @Matches(URL_PATTERN, { message: 'ACCOUNTING_SELF_URL must be an http(s) URL' })
  ACCOUNTING_SELF_URL?: string;

  /** Default: the `poller` entry of INTERNAL_KEYS (no `@IsOptional`: the rule must run when unset). */
  @ValidateBy({
    name: 'pollerKey',
    validator: {
      validate: (value, args) => {
        const c = args?.object as PollerConfig;
        if (typeof value === 'string') return value.length > 0;
        return value === undefined && (c.MAILBOX_ADAPTER === 'none' || internalKeyOf(c.INTERNAL_KEYS, 'poller') !== undefined);
      },
      defaultMessage: () => 'POLLER_KEY is unset and INTERNAL_KEYS has no "poller" entry to default to',
    },
  })
  POLLER_KEY?: string;

  /** Unset: the receptor RUT of each DTE picks the empresa. */
  @IsOptional()
  @IsUUID()
  POLLER_EMPRESA_ID?: string;

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
