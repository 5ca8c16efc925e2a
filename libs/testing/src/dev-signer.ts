import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTs, stopAll } from './processes';

/** A running tools/dev-signer child process. */
export interface DevSignerHandle {
  /** Base URL, e.g. `http://127.0.0.1:41234` (use as SIGNER_URL). */
  url: string;
  /** The key of the first `caller:key` entry (use as SIGNER_KEY / X-Internal-Key). */
  key: string;
  /** SIGTERM (SIGKILL after 5 s), then removes the data dir if this helper created it. */
  stop(): Promise<void>;
}

/**
 * Starts the real dev signer (tools/dev-signer/src/main.ts) as a child process on a free port (PORT=0),
 * through the launcher's {@link startTs}, so e2e tests sign with the same code as `npm start`.
 * @param options.keys INTERNAL_KEYS for the signer (default: one random `test:<hex>` key).
 * @param options.dataDir SIGNER_DATA_DIR (default: a new temp dir, deleted on stop; pass one to
 *   reuse a certificate and registered CAFs across starts).
 * @param options.env further settings of the signer, e.g. `{ SII_AUTH_URL, SII_TLS_CA_FILE }` to point its SII portal
 *   login (`POST /portal/session`) at the stand-in's HTTPS listener (`startSiiFakeServer(..., { tls: true })`:
 *   `${httpsUrl}/cgi_AUT2000/CAutInicio.cgi`, and a file holding its `tlsCertificatePem`). They override the test
 *   process's environment, not PORT, HOST, INTERNAL_KEYS or SIGNER_DATA_DIR (use `keys` and `dataDir`).
 * @throws Error when the signer exits (a bad setting: its message names it) or stays silent for 30 s before listening.
 */
export async function startDevSigner(
  options: { keys?: string; dataDir?: string; env?: Record<string, string> } = {},
): Promise<DevSignerHandle> {
  const keys = options.keys ?? `test:${randomBytes(16).toString('hex')}`;
  const key = keys.split(',')[0].split(':').slice(1).join(':').trim();
  const ownDir = options.dataDir ? undefined : mkdtempSync(join(tmpdir(), 'dev-signer-'));
  const cleanup = () => {
    if (ownDir) rmSync(ownDir, { recursive: true, force: true });
  };
  // The helper's own settings win: `url`, `key` and the cleanup depend on them.
  const env = {
    ...options.env,
    PORT: '0',
    HOST: '127.0.0.1',
    INTERNAL_KEYS: keys,
    SIGNER_DATA_DIR: options.dataDir ?? (ownDir as string),
  };
  const started = await startTs('dev-signer', 'tools/dev-signer/src/main.ts', env, { waitForListening: true, quiet: true }).catch(
    (e: unknown) => {
      cleanup();
      throw e;
    },
  );
  return {
    url: started.url as string,
    key,
    async stop() {
      await stopAll([started.proc], 5_000);
      cleanup();
    },
  };
}
