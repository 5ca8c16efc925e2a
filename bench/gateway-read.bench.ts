// Cached read of the tax gateway (issue 12): GET /tax/contribuyente/datos served from the cache, on the production
// build (dist/apps/tax-gateway/main.js, NODE_ENV=production, LOG_LEVEL=info, JSON logs to a file, the internal-key
// guard, the rate limiter and metrics on, default settings otherwise), against a bare Fastify server returning the
// same body in the same run. The same read with REDIS_URL (counters in Redis) is reported beside it.
// A bare Nest server (bench/bare-nest-server.ts), the same route and body, is the framework's floor the targets are
// set against (issue 23: bare Fastify moves by half between runs on these machines; it is reported, not a target).
// Targets: the gateway's CPU per answer at most 2x bare Nest's; p99 < 5 ms at a fixed 2,000 requests/s; p99 < 10 ms
// at 50 connections; no decline across the runs (the last >= 90 % of the first); idle RSS < 200 MB. Exit 1 when a
// target is missed, 3 when nothing was measured, 2 on a crash. CPU per answer is shown with its kernel part beside it;
// BENCH_LOG_LEVEL runs the gateways at another level (warn: without the access line) to measure what that line costs.
//
//   npm run bench:gateway-read -- [runs=5] [seconds=8]   (BENCH_TINY=1: one 1-second run of each)
import 'reflect-metadata';
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, mkdtempSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, startEmbeddedPostgres } from '@lib/platform';
import { SiiFakeAuthority, startSiiFakeServer } from '@lib/sii-fake';
import { startDevSigner, startRedisServer } from '@lib/testing';
import { TINY, machine, verdict, type Check } from './support';

// autocannon ships no types: the part used here.
interface CannonResult {
  requests: { average: number; total: number };
  latency: { p99: number; average: number };
  non2xx: number;
  errors: number;
}
const autocannon = require('autocannon') as (opts: object) => Promise<CannonResult>;

const REPO = resolve(__dirname, '..');
const MAIN = join(REPO, 'dist/apps/tax-gateway/main.js');
const KEY = 'bench-admin-key-0123456789abcdef';
const TENANT = '76086428-5';
const [RUNS, SECONDS] = TINY ? [1, 1] : [Number(process.argv[2] ?? 5), Number(process.argv[3] ?? 8)];
const WARMUP_SECONDS = TINY ? 1 : 3;
/** The fixed rate at which p99 is judged (requests/s), and the cold token requests of the scale-out check. */
const FIXED_RATE = 2000;
const TOKEN_REQUESTS = TINY ? 50 : 1000;

function child(name: string, args: string[], env: Record<string, string>, logFile: string): ChildProcess {
  // Output straight to the file: through a pipe to this busy process the child's synchronous log writes would stall.
  const fd = openSync(logFile, 'w');
  const proc = spawn(process.execPath, args, { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  proc.on('exit', (code) => code && code !== 0 && process.stderr.write(`${name} exited ${code} (log: ${logFile})\n`));
  return proc;
}

async function waitFor(url: string, headers: Record<string, string> = {}, ms = 60_000): Promise<Response> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const res = await fetch(url, { headers });
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

/** CPU time the process has used so far in user and in system (kernel) mode, in µs (/proc ticks, 10 ms each). */
function cpuUs(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { user: (Number(fields[11]) * 1e6) / 100, system: (Number(fields[12]) * 1e6) / 100 };
}

/** A measured run, with the server's CPU time per answer (less noisy than requests/s on a shared machine). */
type Measured = CannonResult & { cpuUsPerRequest: number; systemUsPerRequest: number };

async function load(url: string, headers: Record<string, string>, pid: number, rate?: number): Promise<Measured> {
  const before = cpuUs(pid);
  const fixed = rate ? { connections: 10, overallRate: rate } : { connections: 50 };
  const result = await autocannon({ url, ...fixed, duration: SECONDS, headers, pipelining: 1 });
  const after = cpuUs(pid);
  const answers = Math.max(1, result.requests.total);
  const system = (after.system - before.system) / answers;
  return { ...result, cpuUsPerRequest: (after.user - before.user) / answers + system, systemUsPerRequest: system };
}

/** bench/bare-nest-server.ts on a free port, its output in DIR; `pipeline`: with the platform's validation pipe and access line. */
async function startBareNest(dir: string, procs: ChildProcess[], pipeline: boolean): Promise<{ url: string; pid: number }> {
  const port = await freePort();
  const name = pipeline ? 'bare-nest-pipeline' : 'bare-nest';
  const proc = child(
    name,
    [join(REPO, 'tools/dev/bin.js'), 'bench', 'bench/bare-nest-server.ts'],
    { NODE_ENV: 'production', PORT: String(port), BODY_FILE: join(dir, 'body.json'), PIPELINE: pipeline ? '1' : '0' },
    join(dir, `${name}.log`),
  );
  procs.push(proc);
  const url = `http://127.0.0.1:${port}/tax/contribuyente/datos?tenant=${TENANT}`;
  await waitFor(url);
  return { url, pid: proc.pid as number };
}

/** Load not measured: the first seconds of a fresh process run unoptimized code, which a server up for a while does not. */
async function warmUp(url: string, headers: Record<string, string> = {}): Promise<void> {
  await autocannon({ url, connections: 50, duration: WARMUP_SECONDS, headers, pipelining: 1 });
}

export async function main(): Promise<number> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npx nx build tax-gateway first`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-gw-'));
  const procs: ChildProcess[] = [];
  const stops: (() => Promise<void>)[] = [];
  const pgRoot = mkdtempSync(join(tmpdir(), 'bench-gw-pg-'));
  rmdirSync(pgRoot); // recreated with permissions the postgres OS user can traverse
  const pg = await startEmbeddedPostgres({ dataDir: join(pgRoot, 'pg'), persistent: false });
  const authority = new SiiFakeAuthority();
  // The tenant's data comes from its carpeta through a portal session, which the signer opens by the certificate
  // login over HTTPS (docs/tax-gateway.md "Portal session"): the stand-in serves both, the signer trusts its TLS key.
  const sim = await startSiiFakeServer(authority, { port: 0, tls: true });
  const caFile = join(mkdtempSync(join(tmpdir(), 'bench-gw-ca-')), 'sim-tls-ca.pem');
  writeFileSync(caFile, sim.tlsCertificatePem as string);
  const signer = await startDevSigner({
    keys: `tax-gateway:${KEY}`,
    env: { SII_AUTH_URL: `${sim.httpsUrl}/cgi_AUT2000/CAutInicio.cgi`, SII_TLS_CA_FILE: caFile },
  });
  try {
    await pg.ensureDatabase('tax_gateway_bench');
    const port = await freePort();
    // BENCH_CPU_PROF=DIR writes the gateway's CPU profile there (node --cpu-prof) for `profile before optimizing`.
    const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', resolve(process.env.BENCH_CPU_PROF)] : [];
    const redis = await startRedisServer();
    stops.push(() => redis.stop());
    // The measured process runs on the defaults (no REDIS_URL: rate-limit counters and caches in the process), as a
    // new user starts it; two more share Redis for the token check and the shared-counter figure.
    const env = (p: number, shared: boolean): Record<string, string> => ({
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      HOST: '127.0.0.1',
      PORT: String(p),
      ...(shared ? { REDIS_URL: redis.url } : {}),
      DATABASE_URL: pg.url('tax_gateway_bench'),
      INTERNAL_KEYS: `admin:${KEY}`,
      THROTTLE_LIMIT: '100000000',
      SII_DTE_BASE_URL: sim.url,
      SII_RECLAMO_BASE_URL: sim.url,
      SII_RCV_BASE_URL: sim.url,
      SII_PORTAL_BASE_URL: sim.url,
      SIGNER_URL: signer.url,
      SIGNER_KEY: signer.key,
      RECONCILER_INTERVAL_SECONDS: '0',
    });
    const gateway = child('tax-gateway', [...prof, MAIN], env(port, false), join(dir, 'gateway.log'));
    procs.push(gateway);
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/health`);
    const headers = { 'X-Internal-Key': KEY };
    // Idle: started, migrated, nothing asked yet.
    await new Promise((r) => setTimeout(r, 2000));
    const idleRss = rssMb(gateway.pid as number);
    // Two more processes of the gateway on the same database, sharing Redis (started once the first has migrated).
    const shared: string[] = [];
    const sharedProcs: ChildProcess[] = [];
    for (const name of ['tax-gateway-2', 'tax-gateway-3']) {
      const p = await freePort();
      sharedProcs.push(child(name, [MAIN], env(p, true), join(dir, `${name}.log`)));
      procs.push(sharedProcs[sharedProcs.length - 1]);
      shared.push(`http://127.0.0.1:${p}`);
      await waitFor(`${shared[shared.length - 1]}/health`);
    }
    // Concurrent token requests for a cold (tenant, environment), split across the two processes sharing Redis:
    // exactly one seed/token exchange.
    const tokenAnswers = await Promise.all(
      Array.from({ length: TOKEN_REQUESTS }, (_, i) =>
        fetch(`${shared[i % 2]}/tax/auth/token`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ tenant: TENANT }),
        }).then((r) => r.status),
      ),
    );
    const exchanges = { seeds: authority.seeds.size, tokens: authority.tokens.size, ok: tokenAnswers.filter((st) => st === 200).length };
    const url = `${base}/tax/contribuyente/datos?tenant=${TENANT}`;
    const body = await (await waitFor(url, headers)).text();

    const barePort = await freePort();
    writeFileSync(join(dir, 'body.json'), body);
    const bareProc = child(
      'bare',
      [join(__dirname, 'bare-server.js')],
      { PORT: String(barePort), BODY_FILE: join(dir, 'body.json') },
      join(dir, 'bare.log'),
    );
    procs.push(bareProc);
    const bareUrl = `http://127.0.0.1:${barePort}/tax/contribuyente/datos?tenant=${TENANT}`;
    await waitFor(bareUrl);
    // A second reference, not a target: Nest on Fastify with the same route and nothing else (the framework's floor).
    const nest = await startBareNest(dir, procs, false);
    await warmUp(nest.url);
    const bareNest = await load(nest.url, {}, nest.pid);
    const bareNestFixed = await load(nest.url, {}, nest.pid, FIXED_RATE);
    // Reported, not judged: the same with the validation pipe and the access line, which the gateway keeps.
    const floor = await startBareNest(dir, procs, true);
    await warmUp(floor.url);
    const withPipeline = await load(floor.url, {}, floor.pid);

    const bare = await load(bareUrl, {}, bareProc.pid as number);
    await warmUp(url, headers); // the bare server's warm-up is its "before" run
    const runs: Measured[] = [];
    // RSS after each run: memory that grew with the requests (rate-limit keys, caches, labels, log buffers) shows here.
    const rssAfter: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await load(url, headers, gateway.pid as number));
      rssAfter.push(rssMb(gateway.pid as number));
    }
    const fixed = await load(url, headers, gateway.pid as number, FIXED_RATE);
    const bareAfter = await load(bareUrl, {}, bareProc.pid as number);
    // Not a target: the same read on a process whose rate-limit counters live in Redis (one round trip per request).
    const sharedUrl = `${shared[0]}/tax/contribuyente/datos?tenant=${TENANT}`;
    await waitFor(sharedUrl, headers);
    await warmUp(sharedUrl, headers);
    const withRedis = await load(sharedUrl, headers, sharedProcs[0].pid as number);
    const reference = Math.max(bare.requests.average, bareAfter.requests.average);

    const bestCpu = Math.min(...runs.map((r) => r.cpuUsPerRequest));
    const cpuRatio = bestCpu / bareNest.cpuUsPerRequest;
    const p99 = Math.max(...runs.map((r) => r.latency.p99));
    const decline = runs[runs.length - 1].requests.average / runs[0].requests.average;
    const failures = [...runs, fixed].reduce((s, r) => s + r.non2xx + r.errors, 0);
    const checks: Check[] = [
      [`CPU per answer ${cpuRatio.toFixed(2)}x bare Nest's (<= 2x)`, cpuRatio <= 2],
      [`p99 ${fixed.latency.p99} ms at ${FIXED_RATE} requests/s (< 5 ms)`, fixed.latency.p99 < 5],
      [`p99 ${p99} ms at 50 connections (< 10 ms)`, p99 < 10],
      [`last run / first run ${(decline * 100).toFixed(0)} % (>= 90 %)`, decline >= 0.9],
      [`idle RSS ${idleRss} MB (< 200 MB)`, idleRss < 200],
      [`non-2xx and errors ${failures} (0)`, failures === 0],
      [
        `${TOKEN_REQUESTS} concurrent cold token requests on 2 processes sharing Redis: ${exchanges.ok} answered, ${exchanges.seeds} seed and ${exchanges.tokens} token exchange(s) (1)`,
        exchanges.ok === TOKEN_REQUESTS && exchanges.seeds === 1 && exchanges.tokens === 1,
      ],
    ];
    const cpu = (m: Measured) => `${m.cpuUsPerRequest.toFixed(0)} (kernel ${m.systemUsPerRequest.toFixed(0)})`;
    const ofBare = (m: Measured) => `${((m.requests.average / reference) * 100).toFixed(1)} % of bare Fastify`;
    console.log(`machine: ${machine()}; ${new Date().toISOString()}`);
    console.log(
      `bare Fastify (reference only): ${bare.requests.average.toFixed(0)} / ${bareAfter.requests.average.toFixed(0)} req/s (before / after), p99 ${bare.latency.p99} ms, CPU ${cpu(bare)} µs/request`,
    );
    console.log(
      `bare Nest: ${bareNest.requests.average.toFixed(0)} req/s (${ofBare(bareNest)}), p99 ${bareNest.latency.p99} ms, CPU ${cpu(bareNest)} µs/request; at ${FIXED_RATE} req/s p99 ${bareNestFixed.latency.p99} ms, CPU ${cpu(bareNestFixed)} µs/request`,
    );
    console.log(
      `bare Nest with the validation pipe and the access line (reference only): ${withPipeline.requests.average.toFixed(0)} req/s, p99 ${withPipeline.latency.p99} ms, CPU ${cpu(withPipeline)} µs/request; the gateway's best run ${(bestCpu / withPipeline.cpuUsPerRequest).toFixed(2)}x of it`,
    );
    console.log(
      `with REDIS_URL (reference only): ${withRedis.requests.average.toFixed(0)} req/s (${ofBare(withRedis)}), p99 ${withRedis.latency.p99} ms, CPU ${cpu(withRedis)} µs/request`,
    );
    runs.forEach((r, i) =>
      console.log(
        `gateway run ${i + 1}: ${r.requests.average.toFixed(0)} req/s (${ofBare(r)}), p99 ${r.latency.p99} ms, mean ${r.latency.average} ms, CPU ${cpu(r)} µs/request, RSS ${rssAfter[i]} MB`,
      ),
    );
    console.log(
      `gateway at ${FIXED_RATE} req/s: ${fixed.requests.average.toFixed(0)} req/s, p99 ${fixed.latency.p99} ms, mean ${fixed.latency.average} ms, CPU ${cpu(fixed)} µs/request`,
    );
    return verdict(
      runs.reduce((n, r) => n + r.requests.total, 0),
      checks,
    );
  } finally {
    for (const p of procs) p.kill('SIGTERM');
    await Promise.all(procs.map((p) => (p.exitCode === null ? new Promise((r) => p.once('exit', r)) : undefined)));
    for (const stop of stops) await stop();
    await sim.close();
    await signer.stop();
    await pg.stop();
    if (process.env.BENCH_KEEP) console.log(`logs kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
    rmSync(pgRoot, { recursive: true, force: true });
  }
}
