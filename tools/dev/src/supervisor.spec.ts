import { spawn } from 'node:child_process';
import { StackProcess, exited } from '@lib/testing';
import { SupervisedApp, Supervisor, SupervisorOptions } from './supervisor';

// Real child processes stand in for the apps: "healthy" is their first line on stdout.
const LIVES = `process.stdout.write('ready\\n'); setInterval(() => undefined, 1 << 30);`;
const CRASHES = `process.exit(3);`;
const UNHEALTHY = `process.stdout.write('unhealthy\\n'); setInterval(() => undefined, 1 << 30);`;

const children: StackProcess[] = [];

/** An app whose n-th process runs `scripts[n]` (the last one for every later process). */
function fakeApp(name: string, scripts: string[]): SupervisedApp & { spawned: StackProcess[] } {
  const spawned: StackProcess[] = [];
  return {
    name,
    spawned,
    spawn: async () => {
      const child = spawn(process.execPath, ['-e', scripts[Math.min(spawned.length, scripts.length - 1)]], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const proc = { name, child };
      spawned.push(proc);
      children.push(proc);
      return proc;
    },
    waitHealthy: ({ child }) =>
      new Promise<void>((resolve, reject) => {
        child.stdout?.once('data', (d: Buffer) => (String(d).startsWith('ready') ? resolve() : reject(new Error('health check failed'))));
        child.once('exit', () => reject(new Error('exited before ready')));
      }),
  };
}

/** The supervisor's lines, and a promise of the next line matching a pattern. */
function recorder() {
  const lines: string[] = [];
  const waiting: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const push = (text: string) => {
    const line = text.trim();
    lines.push(line);
    for (const w of waiting.filter((w) => w.pattern.test(line))) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve(line);
    }
  };
  const next = (pattern: RegExp) => new Promise<string>((resolve) => waiting.push({ pattern, resolve }));
  return { lines, next, output: { log: push, error: push } };
}

function setup(options: Partial<SupervisorOptions> = {}) {
  const rec = recorder();
  let fatal: (reason: string) => void = () => undefined;
  const fatalReason = new Promise<string>((resolve) => (fatal = resolve));
  const onFatal = jest.fn((reason: string) => fatal(reason));
  const supervisor = new Supervisor({ output: rec.output, onFatal, ...options });
  return { supervisor, rec, onFatal, fatalReason };
}

afterEach(async () => {
  for (const { child } of children.splice(0)) {
    child.kill('SIGKILL');
    await exited(child);
  }
});

describe('Supervisor', () => {
  it('restarts an app killed after it was healthy, says so, and tracks its new process', async () => {
    const { supervisor, rec, onFatal } = setup();
    const app = fakeApp('api', [LIVES]);
    const first = await supervisor.start(app);
    expect(rec.lines).toEqual([`[supervisor] api healthy (pid ${first.child.pid})`]);

    const healthyAgain = rec.next(/api healthy again/);
    first.child.kill('SIGKILL');
    const line = await healthyAgain;

    const second = app.spawned[1];
    expect(line).toBe(`[supervisor] api healthy again (pid ${second.child.pid})`);
    expect(rec.lines).toContain('[supervisor] api exited (signal SIGKILL); restarting (1 of 5 in the last 60 s)');
    expect(second.child.pid).not.toBe(first.child.pid);
    expect(supervisor.processes()).toEqual([second]);
    expect(onFatal).not.toHaveBeenCalled();
  });

  it('stops the platform, loudly, when an app crashes more often than allowed (crashes while starting count)', async () => {
    const { supervisor, rec, fatalReason } = setup({ maxRestarts: 2 });
    const app = fakeApp('api', [LIVES, CRASHES]);
    (await supervisor.start(app)).child.kill('SIGKILL');

    expect(await fatalReason).toBe('api exited (code 3), 3 times in the last 60 s (restarts allowed: 2)');
    expect(app.spawned).toHaveLength(3);
    expect(rec.lines).toEqual(
      expect.arrayContaining([
        '[supervisor] api exited (signal SIGKILL); restarting (1 of 2 in the last 60 s)',
        '[supervisor] api exited (code 3); restarting (2 of 2 in the last 60 s)',
        `[supervisor] FATAL: ${await fatalReason}; stopping the whole platform`,
      ]),
    );
  });

  it('kills a restarted process that does not become healthy, and counts it as a crash', async () => {
    const { supervisor, rec } = setup();
    const app = fakeApp('api', [LIVES, UNHEALTHY, LIVES]);
    const healthyAgain = rec.next(/healthy again/);
    (await supervisor.start(app)).child.kill('SIGKILL');
    await healthyAgain;

    const unhealthy = app.spawned[1].child;
    expect(unhealthy.signalCode).toBe('SIGKILL');
    expect(rec.lines.slice(1)).toEqual([
      '[supervisor] api exited (signal SIGKILL); restarting (1 of 5 in the last 60 s)',
      `[supervisor] api (pid ${unhealthy.pid}) is not healthy (health check failed); killing it`,
      '[supervisor] api exited (signal SIGKILL); restarting (2 of 5 in the last 60 s)',
      `[supervisor] api healthy again (pid ${app.spawned[2].child.pid})`,
    ]);
  });

  it('counts only the crashes within the window', async () => {
    let now = 0;
    const { supervisor, rec, onFatal, fatalReason } = setup({ maxRestarts: 1, now: () => now });
    const app = fakeApp('api', [LIVES]);
    const kill = async (at: number) => {
      now = at;
      const again = rec.next(/healthy again/);
      app.spawned[app.spawned.length - 1].child.kill('SIGKILL');
      await again;
    };
    await supervisor.start(app);
    await kill(0);
    await kill(61_000);
    expect(onFatal).not.toHaveBeenCalled();

    now = 62_000;
    app.spawned[2].child.kill('SIGKILL');
    expect(await fatalReason).toBe('api exited (signal SIGKILL), 2 times in the last 60 s (restarts allowed: 1)');
    expect(rec.lines.filter((l) => l.includes('restarting (1 of 1 in the last 60 s)'))).toHaveLength(2);
  });

  it('restarts nothing and stops nothing once stopped (Ctrl-C)', async () => {
    const { supervisor, rec, onFatal } = setup();
    const app = fakeApp('api', [LIVES]);
    const helper = fakeApp('dev-signer', [LIVES]);
    const proc = await supervisor.start(app);
    const helperProc = await helper.spawn();
    supervisor.watchHelper('dev-signer', exited(helperProc.child));

    supervisor.stop();
    proc.child.kill('SIGTERM');
    helperProc.child.kill('SIGTERM');
    // The supervisor's exit listeners were registered first, so they have run when these resolve.
    await Promise.all([exited(proc.child), exited(helperProc.child)]);

    expect(app.spawned).toHaveLength(1);
    expect(onFatal).not.toHaveBeenCalled();
    expect(rec.lines).toEqual([`[supervisor] api healthy (pid ${proc.child.pid})`]);
  });

  it('stops the platform when a helper exits', async () => {
    const { supervisor, fatalReason, onFatal } = setup();
    const helper = await fakeApp('dev-signer', [CRASHES]).spawn();
    supervisor.watchHelper('dev-signer', exited(helper.child));
    expect(await fatalReason).toBe('dev-signer exited (code 3)');
    expect(onFatal).toHaveBeenCalledTimes(1);
  });

  it('leaves a failed first start to the launcher (throws, no restart, nothing fatal)', async () => {
    const { supervisor, onFatal } = setup();
    const app = fakeApp('api', [CRASHES]);
    await expect(supervisor.start(app)).rejects.toThrow('exited before ready');
    expect(app.spawned).toHaveLength(1);
    expect(onFatal).not.toHaveBeenCalled();
  });
});
