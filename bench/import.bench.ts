// Benchmark: POST /contable/importacion of a 100,000-line CSV (balanced comprobantes over the
// default chart) against the running app over HTTP. Target: < 60 s. Also reports the time
// PostgreSQL spent in the ledger triggers (the deferred balance check runs at COMMIT) and a
// statement-level balance check over the same lines for comparison.
// Run: npm run bench:import -- [lines] [runs]   (BENCH_TINY=1: 300 lines, one run)
import { Client } from 'pg';
import { BenchEnv, TINY, call, createEmpresa, machine, median, ms, startBench, verdict } from './support';

const LINES = TINY ? 300 : Number(process.argv[2] ?? 100_000);
const RUNS = TINY ? 1 : Number(process.argv[3] ?? 3);
const TARGET_MS = 60_000;

// Realistic comprobantes of a small company: [cuenta, side] with amounts derived from a net.
type Kind = (neto: number) => [string, number, number][];
const iva = (n: number) => Math.round(n * 0.19);
const KINDS: Kind[] = [
  (n) => [
    ['1.3', n + iva(n), 0],
    ['4.1', 0, n],
    ['2.2', 0, iva(n)],
  ], // venta con IVA
  (n) => [
    ['5.1', n, 0],
    ['1.4', iva(n), 0],
    ['2.1', 0, n + iva(n)],
  ], // compra con IVA
  (n) => [
    ['1.2', n, 0],
    ['1.3', 0, n],
  ], // cobranza
  (n) => [
    ['2.1', n, 0],
    ['1.2', 0, n],
  ], // pago a proveedor
  (n) => [
    ['5.2', n, 0],
    ['1.1', 0, n],
  ], // gasto de administración
  (n) => [
    ['1.2', n, 0],
    ['4.2', 0, n],
  ], // otros ingresos
];

/** A CSV of exactly `lines` data lines, comprobantes of 2 and 3 lines dated over 2024. */
export function generateCsv(lines: number): { csv: Buffer; comprobantes: number } {
  const out: string[] = ['comprobante,fecha,cuenta,glosa,debe,haber'];
  let left = lines;
  let c = 0;
  while (left > 0) {
    let kind = KINDS[c % KINDS.length];
    const size = kind(1).length;
    if (left - size === 1 || left < size) kind = KINDS[size === 3 ? 2 : 0]; // never leave a single line
    const neto = 1000 + ((c * 7919) % 2_000_000);
    const day = new Date(Date.UTC(2024, 0, 1 + (c % 366))).toISOString().slice(0, 10);
    const rows = kind(neto);
    for (const [cuenta, debe, haber] of rows) out.push(`C${c + 1},${day},${cuenta},Operación ${c + 1},${debe || ''},${haber || ''}`);
    left -= rows.length;
    c += 1;
  }
  return { csv: Buffer.from(`${out.join('\n')}\n`, 'utf8'), comprobantes: c };
}

async function triggerTimes(env: BenchEnv): Promise<Record<string, { calls: number; ms: number }>> {
  const db = new Client({ connectionString: env.databaseUrl });
  await db.connect();
  try {
    // Backends flush their statistics when idle (at most ~10 s later).
    for (let i = 0; i < 30; i += 1) {
      const { rows } = await db.query(`SELECT funcname, calls::int, total_time FROM pg_stat_user_functions`);
      if (rows.some((r) => r.funcname === 'asiento_check_balance' && r.calls > 0)) {
        return Object.fromEntries(rows.map((r) => [r.funcname, { calls: r.calls, ms: Math.round(r.total_time) }]));
      }
      await new Promise((ok) => setTimeout(ok, 500));
      await db.query('SELECT pg_stat_clear_snapshot()');
    }
    return {};
  } finally {
    await db.end();
  }
}

/** The balance rule as ONE statement over all imported lines (what a statement-level check would cost). */
async function statementCheck(env: BenchEnv, empresaId: string): Promise<{ ms: number; unbalanced: number }> {
  const db = new Client({ connectionString: env.databaseUrl });
  await db.connect();
  try {
    const t = process.hrtime.bigint();
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM (SELECT asiento_id FROM linea_asiento WHERE empresa_id = $1 GROUP BY asiento_id
        HAVING count(*) < 2 OR sum(debe) <> sum(haber)) t`,
      [empresaId],
    );
    return { ms: ms(t), unbalanced: rows[0].n };
  } finally {
    await db.end();
  }
}

export async function main(): Promise<number> {
  const t0 = process.hrtime.bigint();
  const { csv, comprobantes } = generateCsv(LINES);
  console.log(`generated ${LINES} lines, ${comprobantes} comprobantes, ${(csv.length / 1e6).toFixed(1)} MB in ${ms(t0).toFixed(0)} ms`);
  const env = await startBench();
  try {
    const timings: number[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      // A fresh empresa per run: the same books size every time.
      const empresaId = await createEmpresa(env, ['76086428-5', '76543210-3', '78123456-7', '77777777-7', '96790240-3'][(run - 1) % 5]);
      const form = new FormData();
      form.append('empresa_id', empresaId);
      form.append('file', new Blob([new Uint8Array(csv)], { type: 'text/csv' }), 'libro.csv');
      const t = process.hrtime.bigint();
      const result = (await call(env, 'POST', '/contable/importacion', form, 201)) as {
        comprobantes: number;
        lineas: number;
        asientos: number[];
      };
      const elapsed = ms(t);
      timings.push(elapsed);
      if (result.lineas !== LINES || result.comprobantes !== comprobantes) throw new Error(`unexpected answer ${JSON.stringify(result)}`);
      const check = await statementCheck(env, empresaId);
      console.log(
        `run ${run}: ${elapsed.toFixed(0)} ms (${Math.round(LINES / (elapsed / 1000))} lines/s), asientos ${result.asientos.join('..')}; ` +
          `one-statement balance check over the same lines: ${check.ms.toFixed(0)} ms, ${check.unbalanced} unbalanced`,
      );
    }
    if (env.tracksFunctions) {
      const t = await triggerTimes(env);
      const per = (f: string) => (t[f] ? `${t[f].ms} ms / ${t[f].calls} calls` : 'n/a');
      console.log(
        `trigger time over ${RUNS} runs (pg_stat_user_functions): balance (deferred, at COMMIT) ${per('asiento_check_balance')}; ` +
          `leaf account ${per('linea_check_imputable')}; closed period ${per('asiento_check_periodo')}`,
      );
    }
    const m = median(timings);
    console.log(
      `import ${LINES} lines: median ${m.toFixed(0)} ms of ${RUNS} runs (min ${Math.min(...timings).toFixed(0)}, max ${Math.max(...timings).toFixed(0)})`,
    );
    console.log(`machine: ${machine()}; ${new Date().toISOString()}`);
    return verdict(timings.length, [[`import of ${LINES} lines, median ${m.toFixed(0)} ms (< ${TARGET_MS} ms)`, m < TARGET_MS]]);
  } finally {
    await env.close();
  }
}
