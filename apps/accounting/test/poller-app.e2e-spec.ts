import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { TEST_INTERNAL_KEYS, TEST_KEYS, closeTestApp, createTestApp } from '@lib/testing';
import { AppModule } from '../src/app.module';
import { appOptions } from '../src/config';
import { MailboxPoller } from '../src/poller/mailbox-poller.service';
import { count, createEmpresa } from './support/api';
import { OFFICIAL_EXAMPLE, RESPUESTA_DTE, dteXml } from './support/dte-fixtures';
import { GATEWAY_URL, GatewayStub, startGatewayStub } from './support/gateway-stub';
import { DovecotHandle, imapAdmin, startDovecot } from './support/imap/dovecot';
import { buildMail } from './support/imap/mail';
import { POLLER_KEY } from './support/poller-api';

// The poller as the app wires it: settings from the environment, adapter, metrics on /metrics,
// the poller_state migration; and the real MailboxPoller driving the real endpoint of the same app
// over HTTP (the app listens on a free port), IMAP served by a real dovecot.
jest.setTimeout(60_000);

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
    await expect(createTestApp(AppModule, { MAILBOX_ADAPTER: 'imap', IMAP_USER: 'x', IMAP_PASSWORD: 'y' }, appOptions)).rejects.toThrow(
      /IMAP_HOST/,
    );
    await expect(createTestApp(AppModule, { MAILBOX_ADAPTER: 'graph' }, appOptions)).rejects.toThrow(/GRAPH_TENANT_ID/);
  });

  describe('with IMAP (dovecot) and the real endpoint of the same app', () => {
    let dovecot: DovecotHandle;
    let gw: GatewayStub;
    const append = async (mails: Buffer[]) => {
      const admin = imapAdmin(dovecot);
      await admin.connect();
      for (const mail of mails) await admin.append('INBOX', mail);
      await admin.logout();
    };
    const xmlPart = (content: Buffer | string, filename = 'F60T33.xml') => [
      { contentType: 'application/xml', filename, content: Buffer.from(content) },
    ];

    beforeAll(async () => {
      dovecot = await startDovecot();
      gw = startGatewayStub(); // canonical data for the empresa; loopback requests pass through
      await append([
        buildMail({ messageId: '<app-1@proveedor.example>', subject: 'DTE', parts: xmlPart(OFFICIAL_EXAMPLE) }),
        buildMail({ messageId: '<app-2@proveedor.example>', subject: 'Acuse', parts: xmlPart(RESPUESTA_DTE, 'respuesta.xml') }),
      ]);
    });

    afterAll(async () => {
      gw?.server.close();
      await dovecot?.stop();
    });

    it('polls the mailbox and books through POST /contable/poller/recibir-dte with the poller key; redeliveries are duplicates', async () => {
      app = await createTestApp(
        AppModule,
        {
          INTERNAL_KEYS: `${TEST_INTERNAL_KEYS},poller:${POLLER_KEY}`,
          TAX_GATEWAY_URL: GATEWAY_URL,
          MAILBOX_ADAPTER: 'imap',
          POLLER_INTERVAL_MINUTES: '0',
          IMAP_HOST: dovecot.host,
          IMAP_PORT: String(dovecot.port),
          IMAP_SECURE: 'false',
          IMAP_USER: dovecot.user,
          IMAP_PASSWORD: dovecot.password,
        },
        appOptions,
      );
      // No ACCOUNTING_SELF_URL: the poller derives the endpoint from the address the app listens on.
      await app.listen(0, '127.0.0.1');
      const empresaId = await createEmpresa(app, '77777777-7');
      const poller = app.get(MailboxPoller);
      expect(poller.enabled).toBe(false); // interval 0: no schedule, runOnce only
      expect(await poller.runOnce()).toMatchObject({ polled: 2, outcomes: { accepted: 1, rejected: 1 }, stoppedEarly: false });
      expect(await poller.runOnce()).toMatchObject({ polled: 0 }); // both acknowledged (\Seen)

      const db = app.get(DataSource);
      expect(await db.query('SELECT message_id, facturas_nuevas FROM mensaje_procesado')).toEqual([
        { message_id: '<app-1@proveedor.example>', facturas_nuevas: 1 },
      ]);
      expect(await db.query('SELECT empresa_id, folio, origen, created_by FROM factura')).toEqual([
        { empresa_id: empresaId, folio: '60', origen: 'poller', created_by: 'poller' },
      ]);
      expect(await count(app, 'asiento')).toBe(1);

      // The same message again (e.g. a crash between the POST and the ack): answered duplicate, acknowledged, nothing booked.
      await append([buildMail({ messageId: '<app-1@proveedor.example>', subject: 'DTE', parts: xmlPart(OFFICIAL_EXAMPLE) })]);
      expect(await poller.runOnce()).toMatchObject({ polled: 1, outcomes: { duplicate: 1 } });
      expect([await count(app, 'mensaje_procesado'), await count(app, 'factura'), await count(app, 'asiento')]).toEqual([1, 1, 1]);

      const metrics = await request(app.getHttpServer()).get('/metrics').set('X-Internal-Key', TEST_KEYS.admin).expect(200);
      expect(metrics.text).toMatch(/messages_polled_total\{outcome="accepted",app="accounting"\} 1/);
      expect(metrics.text).toMatch(/messages_polled_total\{outcome="rejected",app="accounting"\} 1/);
      expect(metrics.text).toMatch(/messages_polled_total\{outcome="duplicate",app="accounting"\} 1/);
      expect(metrics.text).toMatch(/poller_runs_total\{result="ok",app="accounting"\} 3/);

      // The gateway verifies every DTE before it is booked; while it is down the message stays unread and is retried.
      const nueva = dteXml({
        tipo: 33,
        folio: 61,
        fecha: '2025-05-05',
        emisor: '79555444-0',
        receptor: '77777777-7',
        neto: 100,
        iva: 19,
        total: 119,
      });
      await append([buildMail({ messageId: '<app-3@proveedor.example>', subject: 'DTE', parts: xmlPart(nueva, 'F61T33.xml') })]);
      gw.down = true;
      try {
        expect(await poller.runOnce()).toMatchObject({ polled: 1, outcomes: { failed: 1 }, stoppedEarly: true });
      } finally {
        gw.down = false;
      }
      expect([await count(app, 'mensaje_procesado'), await count(app, 'factura')]).toEqual([1, 1]);
      expect(await poller.runOnce()).toMatchObject({ polled: 1, outcomes: { accepted: 1 } });
      expect([await count(app, 'mensaje_procesado'), await count(app, 'factura')]).toEqual([2, 2]);
    });
  });
});
