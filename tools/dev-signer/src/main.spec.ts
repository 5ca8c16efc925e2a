import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { tempDir } from '../test/fixtures';

const ROOT = join(__dirname, '../../..');

function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', join(__dirname, 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, SWC_NODE_PROJECT: join(ROOT, 'tsconfig.base.json'), PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  let stderr = '';
  createInterface({ input: child.stdout }).on('line', (l) => stdout.push(l));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exit = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const firstLine = new Promise<string>((done) => createInterface({ input: child.stdout }).once('line', done));
  return { child, stdout, exit, firstLine, stderr: () => stderr };
}

describe('main (process)', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());

  it('prints exactly one listening line first, serves, and exits 0 on SIGTERM', async () => {
    const p = startMain({ INTERNAL_KEYS: 'ci:k', SIGNER_DATA_DIR: tmp.dir });
    const line = await p.firstLine;
    const event = JSON.parse(line);
    expect(event).toEqual({ event: 'listening', url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) });
    const health = await fetch(`${event.url}/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const cert = await fetch(`${event.url}/sign/certificate`, { headers: { 'X-Internal-Key': 'k' } });
    expect((await cert.json()).holder_rut).toBe('11111111-1');
    p.child.kill('SIGTERM');
    expect(await p.exit).toBe(0);
    expect(p.stdout).toEqual([line]);
  }, 30_000);

  it('refuses to start without INTERNAL_KEYS, naming the setting', async () => {
    const p = startMain({ INTERNAL_KEYS: '', SIGNER_DATA_DIR: tmp.dir });
    expect(await p.exit).toBe(1);
    expect(p.stderr()).toMatch(/INTERNAL_KEYS/);
    expect(p.stdout).toEqual([]);
  }, 30_000);

  it('refuses to start with a bad portal login setting, naming it', async () => {
    const p = startMain({ INTERNAL_KEYS: 'ci:k', SIGNER_DATA_DIR: tmp.dir, SII_TLS_CA_FILE: `${tmp.dir}/missing-ca.pem` });
    expect(await p.exit).toBe(1);
    expect(p.stderr()).toMatch(/SII_TLS_CA_FILE cannot be read/);
    expect(p.stdout).toEqual([]);
  }, 30_000);
});
