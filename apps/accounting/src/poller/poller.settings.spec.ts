import { ConfigError } from '@lib/platform';
import { loadPollerSettings } from './poller.settings';

// An accounting entry too: the whole app config is validated (TAX_GATEWAY_KEY defaults to it).
const KEYS = 'admin:admin-key,poller:the-poller-key,accounting:acc-key';

describe('loadPollerSettings', () => {
  it('is off by default', () => {
    expect(loadPollerSettings({ INTERNAL_KEYS: 'admin:k,accounting:acc-key' })).toMatchObject({
      adapter: 'none',
      intervalMinutes: 0,
      imap: undefined,
      graph: undefined,
    });
  });

  it('reads IMAP settings, the 10-minute default and the poller key from INTERNAL_KEYS', () => {
    const s = loadPollerSettings({
      INTERNAL_KEYS: KEYS,
      MAILBOX_ADAPTER: 'imap',
      IMAP_HOST: 'imap.example.test',
      IMAP_USER: 'dte',
      IMAP_PASSWORD: 'pw',
      IMAP_SECURE: 'false',
      IMAP_PORT: '143',
      PORT: '8261',
    });
    expect(s).toMatchObject({ adapter: 'imap', intervalMinutes: 10, key: 'the-poller-key', fallbackPort: 8261, selfUrl: undefined });
    expect(s.imap).toEqual({
      host: 'imap.example.test',
      port: 143,
      secure: false,
      user: 'dte',
      password: 'pw',
      mailbox: 'INBOX',
      processedMailbox: undefined,
      tlsRejectUnauthorized: true,
    });
  });

  it('prefers POLLER_KEY and trims ACCOUNTING_SELF_URL', () => {
    const s = loadPollerSettings({
      INTERNAL_KEYS: KEYS,
      POLLER_KEY: 'explicit',
      MAILBOX_ADAPTER: 'graph',
      ACCOUNTING_SELF_URL: 'http://acc.internal:8260/',
      GRAPH_TENANT_ID: 't',
      GRAPH_CLIENT_ID: 'c',
      GRAPH_CLIENT_SECRET: 's',
      GRAPH_MAILBOX: 'dte@x.test',
      POLLER_INTERVAL_MINUTES: '5',
    });
    expect(s).toMatchObject({ key: 'explicit', selfUrl: 'http://acc.internal:8260', intervalMinutes: 5 });
    expect(s.graph).toMatchObject({
      tenantId: 't',
      clientId: 'c',
      clientSecret: 's',
      mailbox: 'dte@x.test',
      folder: 'inbox',
      graphBaseUrl: 'https://graph.microsoft.com/v1.0',
    });
  });

  it('names the missing settings of the chosen adapter', () => {
    const run = () => loadPollerSettings({ INTERNAL_KEYS: KEYS, MAILBOX_ADAPTER: 'imap', IMAP_USER: 'dte' });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(/IMAP_HOST/);
    expect(run).toThrow(/IMAP_PASSWORD/);
  });

  it('rejects an unknown adapter and a missing poller key', () => {
    expect(() => loadPollerSettings({ INTERNAL_KEYS: KEYS, MAILBOX_ADAPTER: 'pop3' })).toThrow(/MAILBOX_ADAPTER/);
    expect(() =>
      loadPollerSettings({
        INTERNAL_KEYS: 'admin:k,accounting:acc-key',
        MAILBOX_ADAPTER: 'graph',
        GRAPH_TENANT_ID: 't',
        GRAPH_CLIENT_ID: 'c',
        GRAPH_CLIENT_SECRET: 's',
        GRAPH_MAILBOX: 'm',
      }),
    ).toThrow(/POLLER_KEY/);
  });
});
