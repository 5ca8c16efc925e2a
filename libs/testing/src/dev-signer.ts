import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const REPO_ROOT = resolve(__dirname, '../../..');
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

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
 * Starts the real dev signer (tools/dev-signer/src/main.ts through @swc-node/register) as a child
 * process on a free port (PORT=0) and resolves once it printed its
 * `{"event":"listening","url":...}` line, so e2e tests sign with the same code as `npm start`.
 * @param options.keys INTERNAL_KEYS for the signer (default: one random `test:<hex>` key).
 * @param options.dataDir SIGNER_DATA_DIR (default: a new temp dir, deleted on stop; pass one to
 *   reuse a certificate and registered CAFs across starts).
 * @throws Error when the signer exits or stays silent for 30 s before listening.
 */
export async function startDevSigner(options: { keys?: string; dataDir?: string } = {}): Promise<DevSignerHandle> {
  const keys = options.keys ?? `test:${randomBytes(16).toString('hex')}`;
  const key = keys.split(',')[0].split(':').slice(1).join(':').trim();
  const ownDir = options.dataDir ? undefined : mkdtempSync(join(tmpdir(), 'dev-signer-'));
  const dataDir = options.dataDir ?? (ownDir as string);
  const child = spawn(process.execPath, ['-r', '@swc-node/register', join(REPO_ROOT, 'tools/dev-signer/src/main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      SWC_NODE_PROJECT: join(REPO_ROOT, 'tsconfig.base.json'),
      PORT: '0',
      HOST: '127.0.0.1',
      INTERNAL_KEYS: keys,
      SIGNER_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const cleanup = () => {
    if (ownDir) rmSync(ownDir, { recursive: true, force: true });
  };

  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`dev-signer did not start within ${START_TIMEOUT_MS} ms: ${stderr}`));
    }, START_TIMEOUT_MS);
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      clearTimeout(timer);
      try {
        const event = JSON.parse(line) as { event?: string; url?: string };
        if (event.event === 'listening' && event.url) return resolveUrl(event.url);
      } catch {
        // fall through
      }
      child.kill('SIGKILL');
      reject(new Error(`unexpected first line from dev-signer: ${line}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`dev-signer exited with code ${code} before listening: ${stderr}`));
    });
  }).catch((e: unknown) => {
    cleanup();
    throw e;
  });
  child.stdout.resume();

  return {
    url,
    key,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const force = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        child.kill('SIGTERM');
        await exited;
        clearTimeout(force);
      }
      cleanup();
    },
  };
}
