import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TEST_KEYS, createTestApp } from '@lib/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { appOptions } from '../../src/config';
import { GATEWAY_URL } from './gateway-stub';

export const ADMIN_KEY = TEST_KEYS.admin;

/** Boots accounting on a fresh database, pointed at the stand-in gateway. */
export function bootAccounting(): Promise<NestFastifyApplication> {
  return createTestApp(AppModule, { TAX_GATEWAY_URL: GATEWAY_URL, TAX_GATEWAY_TIMEOUT_MS: '2000' }, appOptions);
}

/** supertest helpers that carry the admin caller key. */
export function client(app: NestFastifyApplication) {
  const http = app.getHttpServer();
  return {
    get: (path: string) => request(http).get(path).set('X-Internal-Key', ADMIN_KEY),
    post: (path: string, body?: object) => request(http).post(path).set('X-Internal-Key', ADMIN_KEY).send(body),
  };
}

/** Row count of a table (to prove that nothing was written). */
export async function count(app: NestFastifyApplication, table: string): Promise<number> {
  const [row] = await app.get(DataSource).query(`SELECT count(*)::int AS n FROM ${table}`);
  return row.n;
}

/** Creates an empresa through the API and returns its id. */
export async function createEmpresa(app: NestFastifyApplication, rut: string): Promise<string> {
  const res = await client(app).post('/contable/empresas', { rut });
  if (res.status !== 201) throw new Error(`empresa ${rut}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}
