import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TEST_INTERNAL_KEYS, createTestApp } from '@lib/testing';
import request from 'supertest';
import { AppModule } from '../../src/app.module';
import { appOptions } from '../../src/config';
import { GATEWAY_URL } from './gateway-stub';

/** The poller's caller key in these tests (TEST_KEYS has no `poller` entry). */
export const POLLER_KEY = 'test-key-poller-0123456789abcdef';

/** Boots accounting with the `poller` caller known, pointed at the stand-in gateway. */
export function bootWithPoller(env: Record<string, string> = {}): Promise<NestFastifyApplication> {
  return createTestApp(
    AppModule,
    { INTERNAL_KEYS: `${TEST_INTERNAL_KEYS},poller:${POLLER_KEY}`, TAX_GATEWAY_URL: GATEWAY_URL, TAX_GATEWAY_TIMEOUT_MS: '2000', ...env },
    appOptions,
  );
}

/** One e-mail as the poller posts it. */
export function delivery(messageId: string, xmls: (string | Buffer)[], empresaId?: string) {
  return {
    message_id: messageId,
    received_at: '2025-05-02T10:00:00.000Z',
    attachments: xmls.map((x, i) => ({ filename: `adjunto-${i}.xml`, content_base64: Buffer.from(x).toString('base64') })),
    ...(empresaId ? { empresa_id: empresaId } : {}),
  };
}

/** POST /contable/poller/recibir-dte with the poller key (or another). */
export function postDelivery(app: NestFastifyApplication, body: object, key = POLLER_KEY) {
  return request(app.getHttpServer()).post('/contable/poller/recibir-dte').set('X-Internal-Key', key).send(body);
}
