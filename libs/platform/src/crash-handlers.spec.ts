import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');
const MODULE = join(__dirname, 'crash-handlers.ts');

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `body` in a fresh node process that first installs the crash handlers (as bootstrapApp does). */
function crashChild(body: string, install = `exitOnUncaughtErrors(bootLogger('crash-test'));`): Promise<Outcome> {
  const script = `const { exitOnUncaughtErrors, bootLogger } = require(${JSON.stringify(MODULE)});\n${install}\n${body}`;
  const child = spawn(process.execPath, ['-r', '@swc-node/register', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, SWC_NODE_PROJECT: join(ROOT, 'tsconfig.base.json') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((done) => child.once('close', (code) => done({ code, stdout, stderr })));
}

type Line = { level: number; name: string; event: string; msg: string; err: { type: string; message: string; stack?: string } };
const lines = (stdout: string): Line[] =>
  stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Line);

describe('exitOnUncaughtErrors', () => {
  it('logs an exception thrown in a zlib callback as one fatal line, without its secrets, and exits 1', async () => {
    const { code, stdout, stderr } = await crashChild(`
      require('node:zlib').gzip('x', () => {
        const err = new Error('boom in a zlib callback');
        err.config = { headers: { 'x-internal-key': 'sekret-key-value' } };
        throw err;
      });`);
    expect({ code, stderr }).toEqual({ code: 1, stderr: '' });
    expect(lines(stdout)).toEqual([
      expect.objectContaining({
        level: 60,
        name: 'crash-test',
        event: 'uncaught_exception',
        msg: expect.stringContaining('exiting (code 1)'),
        err: expect.objectContaining({ type: 'Error', message: 'boom in a zlib callback', stack: expect.stringContaining('at ') }),
      }),
    ]);
    expect(stdout).not.toContain('sekret-key-value');
  }, 30_000);

  it('logs a rejection nobody handles, also of a non-Error value, and exits 1', async () => {
    const error = await crashChild(`setImmediate(() => Promise.reject(new Error('rejected in a timer')));`);
    const text = await crashChild(`setImmediate(() => Promise.reject('a bare string'));`);
    expect([error.code, text.code]).toEqual([1, 1]);
    expect([...lines(error.stdout), ...lines(text.stdout)]).toEqual([
      expect.objectContaining({
        level: 60,
        event: 'unhandled_rejection',
        err: expect.objectContaining({ message: 'rejected in a timer' }),
      }),
      expect.objectContaining({
        level: 60,
        event: 'unhandled_rejection',
        err: expect.objectContaining({ message: 'non-Error value: a bare string' }),
      }),
    ]);
  }, 30_000);

  it('installed again, writes to the newer logger only', async () => {
    const install = `exitOnUncaughtErrors(bootLogger('first')); exitOnUncaughtErrors(bootLogger('second'));`;
    const { code, stdout } = await crashChild(`setImmediate(() => { throw new Error('late'); });`, install);
    expect(code).toBe(1);
    expect(lines(stdout).map((l) => l.name)).toEqual(['second']);
  }, 30_000);

  it('once removed, leaves the process to Node (no fatal line)', async () => {
    const install = `exitOnUncaughtErrors(bootLogger('removed'))();`;
    const { code, stdout, stderr } = await crashChild(`setImmediate(() => { throw new Error('unhandled'); });`, install);
    expect(code).toBe(1);
    expect(lines(stdout)).toEqual([]);
    expect(stderr).toContain('Error: unhandled');
  }, 30_000);
});
