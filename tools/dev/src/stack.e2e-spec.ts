/**
 * The walking skeleton for real: `npm start` on shifted ports, `npm run smoke` passes, a killed app comes back, Ctrl-C stops all.
 * Nothing is mocked but the SII (tools/sii-sim).
 */
import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../..');
const BIN = join(ROOT, 'tools/dev/bin.js');
// Per-run port base, so two checkouts can run this suite on one machine at once.
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
  SIM_TLS_PORT: String(BASE + 6),
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

function waitFor(proc: ReturnType<typeof run>, marker: string, timeoutMs: number, from = 0): Promise<void> {
  const { child } = proc;
  return new Promise((resolve, reject) => {
    const finish = (error?: Error) => {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.stderr?.off('data', check);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    const fail = (why: string) => finish(new Error(`"${marker}" not seen (${why}):\n${proc.output().slice(-4000)}`));
    const check = () => proc.output().includes(marker, from) && finish();
    const onExit = () => fail(`exit ${child.exitCode ?? child.signalCode}`);
    const timer = setTimeout(() => fail(`within ${timeoutMs} ms`), timeoutMs);
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.once('exit', onExit);
    if (child.exitCode !== null) onExit();
    else check();
  });
}

const count = (text: string, part: string) => text.split(part).length - 1;

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

  it('restarts an app killed under it, says so, and serves again with the same settings', async () => {
    const pid = Number(/\[supervisor\] tax-gateway healthy \(pid (\d+)\)/.exec(stack.output())?.[1]);
    expect(pid).toBeGreaterThan(0);
    const from = stack.output().length;
    process.kill(pid, 'SIGKILL');
    await waitFor(stack, '[supervisor] tax-gateway healthy again', 90_000, from);
    const after = stack.output().slice(from);

    expect(after).toContain('[supervisor] tax-gateway exited (signal SIGKILL); restarting (1 of 5 in the last 60 s)');
    const newPid = Number(/tax-gateway healthy again \(pid (\d+)\)/.exec(after)?.[1]);
    expect(newPid).toBeGreaterThan(0);
    expect(newPid).not.toBe(pid);
    const whoami = await fetch(`${GATEWAY}/whoami`, { headers: { 'X-Internal-Key': 'dev-admin-key' } });
    expect({ status: whoami.status, body: await whoami.json() }).toEqual({
      status: 200,
      body: { caller: 'admin', service: 'tax-gateway' },
    });
  }, 100_000);

  it('stops every process on Ctrl-C, restarting none', async () => {
    const restarts = count(stack.output(), 'restarting (');
    stack.child.kill('SIGINT');
    expect(await exitOf(stack.child)).toBe(0);
    const health = await fetch(`${GATEWAY}/health`).then(
      () => 'up',
      () => 'down',
    );
    expect(health).toBe('down');
    expect(count(stack.output(), 'restarting (')).toBe(restarts);
    expect(stack.output()).not.toContain('FATAL');
  }, 60_000);
});
