/**
 * The walking skeleton, for real: `npm start` (the launcher) brings the whole platform up on
 * shifted ports with a throwaway data directory, then `npm run smoke` must pass against it.
 * Nothing is mocked here but the SII, which tools/sii-sim stands in for.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../..');
const BIN = join(ROOT, 'tools/dev/bin.js');
// Ports shifted by a per-run base, so that two checkouts can run this suite on one machine at once.
const BASE = 20000 + (process.pid % 4000) * 10;
const GATEWAY = `http://127.0.0.1:${BASE}`;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  TAX_GATEWAY_PORT: String(BASE),
  ACCOUNTING_PORT: String(BASE + 1),
  SERVICE_REGISTRY_PORT: String(BASE + 2),
  SIGNER_PORT: String(BASE + 3),
  SIM_PORT: String(BASE + 4),
  DEV_AUTH_PORT: String(BASE + 5),
  SIM_ESTUP_DELAY_MS: '200',
  LOG_LEVEL: 'warn',
};
delete env.DATABASE_URL;
delete env.INTERNAL_KEYS;

function run(args: string[], extraEnv: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  let out = '';
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...env, ...extraEnv } });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  return { child, output: () => out };
}

function waitFor(proc: ReturnType<typeof run>, marker: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (proc.output().includes(marker)) {
        clearInterval(timer);
        resolve();
      } else if (proc.child.exitCode !== null || Date.now() - started > timeoutMs) {
        clearInterval(timer);
        reject(new Error(`"${marker}" not seen (exit ${proc.child.exitCode}):\n${proc.output().slice(-4000)}`));
      }
    }, 250);
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((r) => child.once('exit', r));
}

describe('npm start + npm run smoke', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'stack-e2e-'));
  chmodSync(dataDir, 0o755); // traversable by the postgres OS user the embedded server runs as
  const stack = run(['start'], { STACK_DATA_DIR: dataDir, DEV_AUTH_DATA_DIR: join(dataDir, 'dev-auth') });

  afterAll(async () => {
    stack.child.kill('SIGINT');
    await exitOf(stack.child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('brings every service up healthy and prints the URLs and dev keys', async () => {
    await waitFor(stack, 'Platform is up', 240_000);
    expect(stack.output()).toContain(`${GATEWAY}/docs`);
    expect(stack.output()).toContain('dev-admin-key');
  }, 250_000);

  it('passes the smoke scenario end to end', async () => {
    const smoke = run(['smoke'], { DEV_AUTH_DATA_DIR: join(dataDir, 'dev-auth') });
    const code = await exitOf(smoke.child);
    expect({ code, output: smoke.output() }).toEqual({ code: 0, output: expect.stringContaining('smoke passed') });
  }, 180_000);

  it('stops every process on Ctrl-C', async () => {
    stack.child.kill('SIGINT');
    expect(await exitOf(stack.child)).toBe(0);
    const health = await fetch(`${GATEWAY}/health`).then(
      () => 'up',
      () => 'down',
    );
    expect(health).toBe('down');
  }, 60_000);
});
