import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ImapFlow } from 'imapflow';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { TEST_INTERNAL_KEYS, TEST_KEYS, closeTestApp, createTestApp } from '@lib/testing';
import { AppModule } from '../src/app.module';
import { appOptions } from '../src/config';
import { MailboxPoller } from '../src/poller/mailbox-poller.service';
import { OFFICIAL_EXAMPLE } from './support/dte-fixtures';
import { DovecotHandle, startDovecot } from './support/imap/dovecot';
import { buildMail } from './support/imap/mail';

// The poller as the app wires it: settings from the environment, adapter, metrics on /metrics,
// the poller_state migration. The endpoint is a stand-in here (it belongs to the ledger area).
jest.setTimeout(60_000);

const POLLER_KEY = 'test-key-poller-0123456789abcdef';

describe('PollerModule in the accounting app', () => {
  let app: NestFastifyApplication | undefined;
  afterEach(async () => {
    await closeTestApp(app);
    app = undefined;
  });

  it('is off by default and its poller_state table exists', async () => {
    app = await createTestApp(AppModule, {}, appOptions);
    expect(app.get(MailboxPoller).enabled).toBe(false);
    expect(await app.get(MailboxPoller).runOnce()).toMatchObject({ polled: 0 });
    const rows: unknown[] = await app.get(DataSource).query("SELECT 1 FROM information_schema.tables WHERE table_name = 'poller_state'");
    expect(rows).toHaveLength(1);
  });

  it('refuses to boot naming a missing setting of the chosen adapter', async () => {
    await expect(createTestApp(AppModule, { MAILBOX_ADAPTER: 'imap', IMAP_USER: 'x', IMAP_PASSWORD: 'y' }, appOptions)).rejects.toThrow(/IMAP_HOST/);
    await expect(createTestApp(AppModule, { MAILBOX_ADAPTER: 'graph' }, appOptions)).rejects.toThrow(/GRAPH_TENANT_ID/);
  });

  describe('with IMAP (dovecot) and an endpoint stand-in', () => {
    let dovecot: DovecotHandle;
    let endpoint: Server;
    const seen: { headers: IncomingHttpHeaders; url?: string; body: { message_id: string; attachments: unknown[] } }[] = [];

    beforeAll(async () => {
      dovecot = await startDovecot();
      const admin = new ImapFlow({ host: dovecot.host, port: dovecot.port, secure: false, auth: { user: dovecot.user, pass: dovecot.password }, logger: false });
      await admin.connect();
      const parts = [{ contentType: 'application/xml', filename: 'F60T33.xml', content: OFFICIAL_EXAMPLE }];
      await admin.append('INBOX', buildMail({ messageId: '<app-1@proveedor.example>', subject: 'DTE', parts }));
      await admin.logout();
      endpoint = createServer((req, res) => {
        let raw = '';
        req.on('data', (c: Buffer) => (raw += c.toString()));
        req.on('end', () => {
          seen.push({ headers: req.headers, url: req.url, body: JSON.parse(raw) });
          res.writeHead(201, { 'content-type': 'application/json' }).end('{"status":"processed"}');
        });
      });
      await new Promise<void>((r) => endpoint.listen(0, '127.0.0.1', r));
    });

    afterAll(async () => {
      endpoint?.closeAllConnections();
      await new Promise((r) => endpoint?.close(r));
      await dovecot?.stop();
    });

    it('posts with the poller key from INTERNAL_KEYS, acknowledges, and counts on /metrics', async () => {
      app = await createTestApp(
        AppModule,
        {
          INTERNAL_KEYS: `${TEST_INTERNAL_KEYS},poller:${POLLER_KEY}`,
          MAILBOX_ADAPTER: 'imap',
          POLLER_INTERVAL_MINUTES: '0',
          ACCOUNTING_SELF_URL: `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/`,
          IMAP_HOST: dovecot.host,
          IMAP_PORT: String(dovecot.port),
          IMAP_SECURE: 'false',
          IMAP_USER: dovecot.user,
          IMAP_PASSWORD: dovecot.password,
        },
        appOptions,
      );
      const poller = app.get(MailboxPoller);
      expect(poller.enabled).toBe(false); // interval 0: no schedule, runOnce only
      expect(await poller.runOnce()).toMatchObject({ polled: 1, outcomes: { accepted: 1 } });
      expect(await poller.runOnce()).toMatchObject({ polled: 0 }); // acknowledged (\Seen)
      expect(seen).toHaveLength(1);
      expect(seen[0].url).toBe('/contable/poller/recibir-dte');
      expect(seen[0].headers['x-internal-key']).toBe(POLLER_KEY);
      expect(seen[0].body.message_id).toBe('<app-1@proveedor.example>');

      const metrics = await request(app.getHttpServer()).get('/metrics').set('X-Internal-Key', TEST_KEYS.admin).expect(200);
      expect(metrics.text).toMatch(/messages_polled_total\{outcome="accepted",app="accounting"\} 1/);
      expect(metrics.text).toMatch(/poller_runs_total\{result="ok",app="accounting"\} 2/);
    });
  });
});
