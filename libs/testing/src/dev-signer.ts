import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTs, stopAll } from './processes';

/** A running tools/dev-signer: `url` and `key` for SIGNER_URL/SIGNER_KEY; stop removes a data dir it created. */
export interface DevSignerHandle {
  url: string;
  key: string;
  stop(): Promise<void>;
}

/**
 * The real dev signer on a free port via {@link startTs}, so e2e tests sign with `npm start`'s code. dataDir defaults to a temp dir;
 * env e.g. `{ SII_AUTH_URL, SII_TLS_CA_FILE }` for the stand-in's HTTPS login, not PORT, HOST, INTERNAL_KEYS, SIGNER_DATA_DIR.
 * @throws Error when the signer exits or stays silent 30 s.
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
