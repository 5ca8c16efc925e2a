// Shared plumbing of the accounting benchmarks: a PostgreSQL (embedded, or BENCH_DATABASE_URL /
// TEST_DATABASE_URL / DATABASE_URL pointing at a server where we may create a database), a
// stand-in for the tax gateway's datos-rut endpoint, and the accounting app listening on a free
// port exactly as main.ts starts it (createApp + listen).
import 'reflect-metadata';
import { mkdtempSync, rmdirSync, rmSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import { createApp, loadConfig, startEmbeddedPostgres } from '@lib/platform';
import { AppModule } from '../apps/accounting/src/app.module';
import { AccountingConfig, appOptions } from '../apps/accounting/src/config';

export const ADMIN_KEY = 'bench-admin-key-0123456789abcdef';

export interface BenchEnv {
  /** Base URL of the accounting app. */
  url: string;
  /** URL of the app's database (for the reference SQL). */
  databaseUrl: string;
  /** Whether PostgreSQL tracks PL/pgSQL function time (pg_stat_user_functions). */
  tracksFunctions: boolean;
  app: NestFastifyApplication;
  close(): Promise<void>;
}

/** `node x.js` one-liner of the machine, for the figures. */
export function machine(): string {
  const c = cpus();
  return `${c.length} x ${c[0]?.model ?? 'cpu'}, Node ${process.version}, ${process.platform}`;
}

function startGatewayStandIn(): Promise<Server> {
  // The tax gateway is a separate service: its GET /tax/contribuyente/datos-rut/{rut} contract.
  const server = createServer((req, res) => {
    const m = /^\/tax\/contribuyente\/datos-rut\/([0-9]+-[0-9K])$/.exec(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    if (!m) {
      res.statusCode = 404;
      res.end(JSON.stringify({ status: 404, error: 'taxpayer_not_found' }));
      return;
    }
    res.end(
      JSON.stringify({
        rut: m[1],
        razon_social: 'Comercial Benchmark SpA',
        direccion: 'Av. Ejemplo 123',
        comuna: 'Santiago',
        giros: [{ codigo: '620200', descripcion: 'CONSULTORIA INFORMATICA' }],
        representantes: [],
        estado: 'vigente',
        fetched_at: new Date().toISOString(),
        cached: false,
      }),
    );
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

async function createDatabase(adminUrl: string): Promise<string> {
  const name = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Starts PostgreSQL (embedded unless a server URL is given), the gateway stand-in and the app.
 * The embedded cluster keeps PostgreSQL's default durability (fsync on) and tracks PL/pgSQL
 * function time so the trigger cost can be reported.
 */
export async function startBench(): Promise<BenchEnv> {
  const external = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  let stopPg = async () => undefined as void;
  let adminUrl: string;
  if (external) {
    adminUrl = external;
  } else {
    const root = mkdtempSync(join(tmpdir(), 'bench-pg-'));
    rmdirSync(root); // recreated with permissions the postgres OS user can traverse
    const pg = await startEmbeddedPostgres({ dataDir: join(root, 'pg'), persistent: false, settings: { track_functions: 'pl' } });
    adminUrl = pg.url('postgres');
    stopPg = async () => {
      await pg.stop();
      rmSync(dirname(pg.dataDir), { recursive: true, force: true });
    };
  }
  const databaseUrl = await createDatabase(adminUrl);
  const gateway = await startGatewayStandIn();
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    INTERNAL_KEYS: `admin:${ADMIN_KEY},accounting:bench-accounting-key-0123456789ab`,
    TAX_GATEWAY_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`,
  };
  Object.assign(process.env, env);
  const app = await createApp(AppModule, appOptions, loadConfig(AccountingConfig));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.getHttpServer().address() as AddressInfo;
  const probe = new Client({ connectionString: databaseUrl });
  await probe.connect();
  const [{ track_functions: track }] = (await probe.query('SHOW track_functions')).rows;
  await probe.end();
  return {
    url: `http://127.0.0.1:${port}`,
    databaseUrl,
    tracksFunctions: track !== 'none',
    app,
    close: async () => {
      await app.close();
      await new Promise((ok) => gateway.close(ok));
      await stopPg();
    },
  };
}

/** Calls the app with the admin key; throws on an unexpected status. */
export async function call(env: BenchEnv, method: string, path: string, body?: BodyInit | object, expect = 200): Promise<unknown> {
  const isForm = body instanceof FormData;
  const res = await fetch(`${env.url}${path}`, {
    method,
    headers: { 'X-Internal-Key': ADMIN_KEY, ...(body && !isForm ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== expect) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 2000)}`);
  return JSON.parse(text);
}

/** Onboards an empresa through the API (the gateway stand-in answers the RUT). */
export async function createEmpresa(env: BenchEnv, rut: string): Promise<string> {
  const body = (await call(env, 'POST', '/contable/empresas', { rut }, 201)) as { id: string };
  return body.id;
}

/** Median of some numbers. */
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

/** BENCH_TINY=1: a few hundred lines and one short run, for the test in `npm test` (bench/bench.spec.ts). */
export const TINY = process.env.BENCH_TINY === '1';

/** A target: its text with the figure, and whether it is met. */
export type Check = readonly [text: string, ok: boolean];

/**
 * Prints each target as met or MISSED and answers the exit code: 3 when nothing was measured, 1 when a target is
 * missed, 0 otherwise; in tiny mode the targets are printed but not judged (a loaded CI machine says nothing of them).
 */
export function verdict(measured: number, checks: readonly Check[]): number {
  if (!(measured > 0)) {
    console.log('NOTHING MEASURED');
    return 3;
  }
  for (const [text, ok] of checks) console.log(`${ok ? 'met   ' : 'MISSED'} ${text}`);
  if (TINY) {
    console.log('tiny mode (BENCH_TINY=1): the targets are printed, not judged');
    return 0;
  }
  return checks.every(([, ok]) => ok) ? 0 : 1;
}

/** Runs `fn` on every item with `concurrency` of them in flight, in order; the items per second. */
export async function itemsPerSecond<T>(items: readonly T[], concurrency: number, fn: (item: T) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
  return items.length / ((Date.now() - started) / 1000);
}
