/**
 * `npm start`: PostgreSQL, dev signer, SII simulator, dev OIDC issuer and the three apps, healthy, then URLs and callers; env
 * overrides the defaults.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { startEmbeddedPostgres } from '@lib/platform';
import { startDevAuthServer, DEV_AUTH_AUDIENCE } from './dev-auth';
import { REPO_ROOT, StackProcess, exited, startTs, stopAll, waitHealthy } from '@lib/testing';
import { watchDatabase } from './database-watch';
import { DEFAULT_INTERNAL_KEYS, DEV_BANK_LINKS_KEY, devKeys, PORTS } from './stack-config';
import { printSummary } from './summary';
import { SupervisedApp, Supervisor } from './supervisor';

const DATA_DIR = process.env.STACK_DATA_DIR ?? join(REPO_ROOT, '.data');
const APPS = [
  { name: 'tax-gateway', db: 'tax_gateway', port: PORTS.gateway },
  { name: 'accounting', db: 'accounting', port: PORTS.accounting },
  { name: 'service-registry', db: 'service_registry', port: PORTS.registry },
] as const;

const setting = (name: string, fallback: string): string => process.env[name] ?? fallback;

type App = (typeof APPS)[number];

const helpers: StackProcess[] = [];
const supervisor = new Supervisor({ onFatal: () => void shutdown(1) });
let authServer: Server | undefined;
let stopDatabase: (() => Promise<void>) | undefined;

async function databaseUrls(): Promise<Record<string, string>> {
  const names = APPS.map((a) => a.db);
  if (process.env.DATABASE_URL) {
    const { ensureDatabases } = await import('./external-database');
    return ensureDatabases(process.env.DATABASE_URL, names);
  }
  const pg = await startEmbeddedPostgres({
    dataDir: join(DATA_DIR, 'postgres'),
    // When the postgres OS user cannot reach DATA_DIR (we run as root); one per DATA_DIR, so two stacks never share a database whose
    // CAF keys live in another signer's data directory.
    fallbackDataDir: join(tmpdir(), `cl-platform-${createHash('sha256').update(DATA_DIR).digest('hex').slice(0, 12)}`, 'postgres'),
    port: process.env.EMBEDDED_PG_PORT ? Number(process.env.EMBEDDED_PG_PORT) : undefined,
  });
  stopDatabase = () => pg.stop();
  for (const name of names) await pg.ensureDatabase(name);
  const watch = await watchDatabase(pg.url('postgres'));
  supervisor.watchHelper('the embedded PostgreSQL', watch.lost);
  stopDatabase = async () => {
    await watch.close().catch(() => undefined);
    await pg.stop();
  };
  console.log(`[postgres] embedded PostgreSQL on 127.0.0.1:${pg.port} (${pg.dataDir})`);
  return Object.fromEntries(names.map((n) => [n, pg.url(n)]));
}

async function startTools(internalKeys: string) {
  // The sim first: the signer logs in to its portal over HTTPS (the SII's certificate login) and trusts its CA file.
  const simDataDir = setting('SIM_DATA_DIR', join(DATA_DIR, 'sii-sim'));
  const sim = await startTs(
    'sii-sim',
    'tools/sii-sim/src/main.ts',
    {
      PORT: String(PORTS.sim),
      SIM_TLS_PORT: String(PORTS.simTls),
      SIM_DATA_DIR: simDataDir,
    },
    { waitForListening: true },
  );
  watchHelper(sim.proc);
  const signer = await startTs(
    'dev-signer',
    'tools/dev-signer/src/main.ts',
    {
      PORT: String(PORTS.signer),
      INTERNAL_KEYS: internalKeys,
      SIGNER_DATA_DIR: setting('SIGNER_DATA_DIR', join(DATA_DIR, 'dev-signer')),
      SII_AUTH_URL: setting('SII_AUTH_URL', `https://127.0.0.1:${PORTS.simTls}/cgi_AUT2000/CAutInicio.cgi`),
      SII_TLS_CA_FILE: setting('SII_TLS_CA_FILE', join(simDataDir, 'tls-ca.pem')),
    },
    { waitForListening: true },
  );
  watchHelper(signer.proc);
  const pem = await fetch(`${sim.url}/sim/authority-certificate`).then((r) => r.text());
  mkdirSync(simDataDir, { recursive: true });
  const certPath = join(simDataDir, 'authority-certificate.pem');
  writeFileSync(certPath, pem);
  const auth = await startDevAuthServer(PORTS.devAuth);
  authServer = auth.server;
  return { signerUrl: String(signer.url), simUrl: String(sim.url), simCertPath: certPath, issuer: auth.issuer };
}

function watchHelper(proc: StackProcess): void {
  helpers.push(proc);
  supervisor.watchHelper(proc.name, exited(proc.child));
}

function supervised(app: App, env: Record<string, string>): SupervisedApp {
  return {
    name: app.name,
    spawn: async () => (await startTs(app.name, `apps/${app.name}/src/main.ts`, env)).proc,
    waitHealthy: (proc) => waitHealthy(app.name, `http://${env.HOST}:${app.port}/health`, undefined, proc.child),
  };
}

async function main() {
  // Keys reach the terminal only when they are the launcher's own development defaults.
  const keysGenerated = !process.env.INTERNAL_KEYS;
  const internalKeys = setting('INTERNAL_KEYS', DEFAULT_INTERNAL_KEYS);
  process.env.INTERNAL_KEYS = internalKeys;
  const keys = devKeys();
  const dbs = await databaseUrls();
  const tools = await startTools(internalKeys);
  const common = {
    NODE_ENV: setting('NODE_ENV', 'development'),
    HOST: setting('HOST', '127.0.0.1'),
    INTERNAL_KEYS: internalKeys,
    LOG_LEVEL: setting('LOG_LEVEL', 'info'),
  };
  const gatewayUrl = `http://${common.HOST}:${PORTS.gateway}`;
  // End users (the registry's pages and accounting's reporting pages) sign in against the launcher's dev issuer.
  const oidc = {
    OIDC_ISSUER: setting('OIDC_ISSUER', tools.issuer),
    OIDC_AUDIENCE: setting('OIDC_AUDIENCE', DEV_AUTH_AUDIENCE),
    OIDC_JWKS_URL: setting('OIDC_JWKS_URL', `${tools.issuer}/.well-known/jwks.json`),
  };
  const appEnv: Record<string, Record<string, string>> = {
    'tax-gateway': {
      TAX_ENV: setting('TAX_ENV', 'cert'),
      SII_DTE_BASE_URL: setting('SII_DTE_BASE_URL', tools.simUrl),
      SII_RECLAMO_BASE_URL: setting('SII_RECLAMO_BASE_URL', `${tools.simUrl}/WSREGISTRORECLAMODTECERT`),
      SII_RCV_BASE_URL: setting('SII_RCV_BASE_URL', tools.simUrl),
      SII_BOLETA_API_BASE_URL: setting('SII_BOLETA_API_BASE_URL', tools.simUrl),
      SII_BOLETA_ENVIO_BASE_URL: setting('SII_BOLETA_ENVIO_BASE_URL', tools.simUrl),
      SII_PORTAL_BASE_URL: setting('SII_PORTAL_BASE_URL', tools.simUrl),
      SII_BHE_BASE_URL: setting('SII_BHE_BASE_URL', tools.simUrl),
      BANK_API_BASE_URL: setting('BANK_API_BASE_URL', tools.simUrl),
      BANK_API_KEY: setting('BANK_API_KEY', 'sk_test_dev_launcher'),
      BANK_LINK_TOKENS: setting('BANK_LINK_TOKENS', '76086428-5:link_dev_76086428'),
      BANK_LINKS_KEY: setting('BANK_LINKS_KEY', DEV_BANK_LINKS_KEY),
      SII_TRUST_SIM_CAF: setting('SII_TRUST_SIM_CAF', 'true'),
      SII_SIM_CAF_CERT: setting('SII_SIM_CAF_CERT', tools.simCertPath),
      SIGNER_URL: setting('SIGNER_URL', tools.signerUrl),
      SIGNER_KEY: setting('SIGNER_KEY', keys.gateway),
    },
    accounting: {
      TAX_GATEWAY_URL: setting('TAX_GATEWAY_URL', gatewayUrl),
      TAX_GATEWAY_KEY: setting('TAX_GATEWAY_KEY', keys.accounting),
      ...oidc,
    },
    'service-registry': oidc,
  };
  for (const group of [[APPS[0]], [APPS[1], APPS[2]]]) {
    await Promise.all(
      group.map((app) =>
        supervisor.start(supervised(app, { ...common, PORT: String(app.port), DATABASE_URL: dbs[app.db], ...appEnv[app.name] })),
      ),
    );
  }
  printSummary(common.HOST, tools, keys.all, keysGenerated);
}

let stopping: Promise<void> | undefined;

async function shutdown(code: number) {
  supervisor.stop();
  stopping ??= (async () => {
    await stopAll([...helpers, ...supervisor.processes()]);
    authServer?.close();
    await stopDatabase?.();
  })();
  await stopping;
  if (code !== 0) console.error(`npm start: the platform is stopped (exit code ${code})`);
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
// The launcher's own bugs must not leave the children running without it: stop them, loudly.
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (err: unknown) => {
    console.error(`\nnpm start: ${event} in the launcher: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    void shutdown(1);
  });
}
main().catch(async (err: Error) => {
  console.error(`\nnpm start failed: ${err.message}`);
  await shutdown(1);
});
