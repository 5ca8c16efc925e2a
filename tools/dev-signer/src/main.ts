import { join, resolve } from 'node:path';
import { readPortalSettings } from './portal-settings';
import { createSignerServer } from './server';

/**
 * The dev signer (never deployed). PORT 8250, HOST 127.0.0.1, INTERNAL_KEYS (required), SIGNER_DATA_DIR .data/dev-signer,
 * SIGNER_HOLDER_RUT 11111111-1, SII_AUTH_URL, SII_TLS_CA_FILE, SII_AUTH_TIMEOUT_MS 8000; a bad one stops it naming it. First stdout
 * line: `{"event":"listening","url":...}`; logs to stderr.
 */
async function main(): Promise<void> {
  const env = process.env;
  const portText = env.PORT ?? '8250';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) fail(`PORT must be an integer 0..65535, got "${portText}"`);
  if (!env.INTERNAL_KEYS) fail('INTERNAL_KEYS is required (caller:key,...)');
  const repoRoot = resolve(__dirname, '../../..');
  let server;
  try {
    server = createSignerServer({
      dataDir: resolve(env.SIGNER_DATA_DIR ?? join(repoRoot, '.data/dev-signer')),
      internalKeys: env.INTERNAL_KEYS as string,
      holderRut: env.SIGNER_HOLDER_RUT ?? '11111111-1',
      portal: readPortalSettings(env),
    });
  } catch (e) {
    fail((e as Error).message);
  }
  const url = await server.listen(port, env.HOST ?? '127.0.0.1');
  process.stdout.write(`${JSON.stringify({ event: 'listening', url })}\n`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`dev-signer: ${signal}, closing\n`);
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

function fail(message: string): never {
  process.stderr.write(`dev-signer: ${message}\n`);
  process.exit(1);
}

main().catch((e: unknown) => fail((e as Error).stack ?? String(e)));
