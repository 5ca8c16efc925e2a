import { ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';

export const REPO_ROOT = join(__dirname, '../../..');

/** A child process of the local stack, with its name for the log prefix. */
export interface StackProcess {
  name: string;
  child: ChildProcess;
}

const TS_RUNNER = ['-r', '@swc-node/register'];

/**
 * Starts a TypeScript entry point with @swc-node/register. Its stdout/stderr lines are echoed with
 * a `[name]` prefix. When `waitForListening` is set, resolves with the URL from the first
 * `{"event":"listening","url":...}` line (the dev-signer and sii-sim announce themselves that way).
 */
export function startTs(
  name: string,
  entry: string,
  env: NodeJS.ProcessEnv,
  opts: { waitForListening?: boolean; quiet?: boolean } = {},
): Promise<{ proc: StackProcess; url?: string }> {
  const child = spawn(process.execPath, [...TS_RUNNER, join(REPO_ROOT, entry)], {
    cwd: REPO_ROOT,
    env: { ...process.env, SWC_NODE_PROJECT: join(REPO_ROOT, 'tsconfig.base.json'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc = { name, child };
  return new Promise((resolve, reject) => {
    let settled = false;
    const echo = (line: string) => {
      if (!opts.quiet) process.stdout.write(`[${name}] ${line}\n`);
    };
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      if (!settled && opts.waitForListening) {
        const url = listeningUrl(line);
        if (url) {
          settled = true;
          resolve({ proc, url });
        }
      }
      echo(line);
    });
    createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) => echo(line));
    child.on('exit', (code) => {
      if (!settled) {
        settled = true;
        reject(new Error(`${name} exited with code ${code} before it was ready`));
      }
    });
    if (!opts.waitForListening) {
      settled = true;
      resolve({ proc });
    }
  });
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

/** Polls `url` until it answers 200, or throws after `timeoutMs`. */
export async function waitHealthy(name: string, url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${name} did not become healthy at ${url} within ${timeoutMs / 1000}s (${last})`);
}

/** Stops processes in reverse start order: SIGTERM, then SIGKILL after `graceMs`. */
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
