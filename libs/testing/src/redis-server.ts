import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '@lib/platform';

/** A real `redis-server` (Debian package), free port, nothing persisted; stop is an outage, start brings it back on the same port. */
export interface RedisServerHandle {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** Waits for "Ready to accept connections" (a signal, not a delay). @throws Error when missing or not ready in 10 s. */
export async function startRedisServer(): Promise<RedisServerHandle> {
  const port = await freePort();
  let proc: ChildProcess | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const p = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      proc = p;
      const timer = setTimeout(() => reject(new Error(`redis-server on ${port} not ready in 10 s`)), 10_000);
      p.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      p.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  const stop = async () => {
    const p = proc;
    proc = undefined;
    if (!p || p.exitCode !== null) return;
    const exited = new Promise((r) => p.once('exit', r));
    p.kill('SIGTERM');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start };
}
