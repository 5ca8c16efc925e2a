import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TEST_KEYS, closeTestApp, createTestApp } from '@lib/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { appOptions } from '../../src/config';
import { GATEWAY_URL, GatewayStub, startGatewayStub } from './gateway-stub';

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
    put: (path: string, body?: object) => request(http).put(path).set('X-Internal-Key', ADMIN_KEY).send(body),
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

/** Accounting with the stand-in gateway and one empresa, as most e2e specs start. */
export interface Books {
  app: NestFastifyApplication;
  gw: GatewayStub;
  api: ReturnType<typeof client>;
  ds: DataSource;
  empresaId: string;
}

export async function bootWithEmpresa(rut = '76086428-5'): Promise<Books> {
  const gw = startGatewayStub();
  const app = await bootAccounting();
  return { app, gw, api: client(app), ds: app.get(DataSource), empresaId: await createEmpresa(app, rut) };
}

export async function shutdown(books: Pick<Books, 'app' | 'gw'>): Promise<void> {
  await closeTestApp(books.app);
  books.gw.server.close();
}

/** Posts a manual entry (lines as [cuenta, debe, haber]) through POST /contable/asientos; 201 expected. */
export async function postAsiento(
  app: NestFastifyApplication,
  empresaId: string,
  fecha: string,
  glosa: string,
  lineas: [string, number, number][],
) {
  return client(app)
    .post('/contable/asientos', {
      empresa_id: empresaId,
      fecha,
      glosa,
      lineas: lineas.map(([cuenta, debe, haber]) => ({ cuenta, debe, haber })),
    })
    .expect(201);
}
