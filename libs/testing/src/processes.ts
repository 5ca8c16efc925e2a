import { ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

export const REPO_ROOT = resolve(__dirname, '../../..');

export interface StackProcess {
  name: string;
  child: ChildProcess;
}

export interface StartTsOptions {
  /** waitForListening: resolve with the first `{"event":"listening","url":...}` line's URL; timeoutMs default 30 s, then SIGKILL. */
  waitForListening?: boolean;
  quiet?: boolean;
  timeoutMs?: number;
}

/**
 * Starts a TypeScript entry of this repository with @swc-node/register, as `npm start` does; output echoed with `[name]` unless quiet.
 * @throws Error (with the last stderr lines) when it exits or stays silent past `timeoutMs`.
 */
export function startTs(
  name: string,
  entry: string,
  env: NodeJS.ProcessEnv,
  opts: StartTsOptions = {},
): Promise<{ proc: StackProcess; url?: string }> {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', join(REPO_ROOT, entry)], {
    cwd: REPO_ROOT,
    env: { ...process.env, SWC_NODE_PROJECT: join(REPO_ROOT, 'tsconfig.base.json'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc = { name, child };
  if (!opts.waitForListening) {
    echoLines(proc, opts.quiet);
    return Promise.resolve({ proc });
  }
  return new Promise((resolvePromise, reject) => {
    const stderrTail = echoLines(proc, opts.quiet, (url) => {
      clearTimeout(timer);
      resolvePromise({ proc, url });
    });
    const fail = (why: string) => {
      clearTimeout(timer);
      reject(new Error(`${name} ${why}: ${stderrTail().trim() || '(no stderr)'}`));
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(`did not start within ${opts.timeoutMs ?? 30_000} ms`);
    }, opts.timeoutMs ?? 30_000);
    child.once('exit', (code) => fail(`exited with code ${code} before it was ready`));
  });
}

function echoLines({ name, child }: StackProcess, quiet = false, onListening?: (url: string) => void): () => string {
  let tail = '';
  let announced = false;
  const echo = (line: string) => {
    if (!quiet) process.stdout.write(`[${name}] ${line}\n`);
  };
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    const url = announced ? undefined : listeningUrl(line);
    if (url && onListening) {
      announced = true;
      onListening(url);
    }
    echo(line);
  });
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) => {
    tail = `${tail}${line}\n`.slice(-4000);
    echo(line);
  });
  return () => tail;
}

function listeningUrl(line: string): string | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const parsed = JSON.parse(line) as { event?: string; url?: string };
    return parsed.event === 'listening' ? parsed.url : undefined;
  } catch {
    return undefined;
  }
}

/** `code 1`, `signal SIGKILL`. */
export function exitDescription(child: ChildProcess): string {
  return child.signalCode !== null ? `signal ${child.signalCode}` : `code ${child.exitCode}`;
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Resolves with {@link exitDescription} once `child` has exited (at once when it already has). */
export function exited(child: ChildProcess): Promise<string> {
  if (hasExited(child)) return Promise.resolve(exitDescription(child));
  return new Promise((resolve) => child.once('exit', () => resolve(exitDescription(child))));
}

/** With `child`, throws as soon as it exits (a crashing app fails at once, not at the deadline). */
export async function waitHealthy(name: string, url: string, timeoutMs = 120_000, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const gone = child ? exited(child) : new Promise<never>(() => undefined);
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child && hasExited(child)) throw new Error(`${name} exited (${exitDescription(child)}) before it was healthy at ${url}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([new Promise((r) => (timer = setTimeout(r, 500))), gone]);
    clearTimeout(timer);
  }
  throw new Error(`${name} did not become healthy at ${url} within ${timeoutMs / 1000}s (${last})`);
}

/** Reverse start order: SIGTERM, then SIGKILL after `graceMs`. */
export async function stopAll(procs: StackProcess[], graceMs = 8_000): Promise<void> {
  for (const { child } of [...procs].reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }
}
