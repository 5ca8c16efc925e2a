// Benchmark: GET /contable/balance over 1,000,000 lines against the same aggregate run as ONE SQL
// statement on the same database in the same run. Target: HTTP median within 2x of the SQL median.
// Run: npm run bench:balance -- [lines] [runs]   (BENCH_TINY=1: 400 lines, one run)
import { Client } from 'pg';
import { openingBalancesSql } from '../apps/accounting/src/reportes/reportes.store';
import { TINY, call, createEmpresa, machine, median, ms, startBench, verdict } from './support';

const LINES = TINY ? 400 : Number(process.argv[2] ?? 1_000_000);
const RUNS = TINY ? 1 : Number(process.argv[3] ?? 10);
const TARGET_RATIO = 2;

// Two-line entries (debe, haber) of a small company, chosen by numero % 8.
const PAIRS = [
  ['1.2', '4.1'],
  ['5.1', '2.1'],
  ['2.1', '1.2'],
  ['1.3', '4.1'],
  ['5.2', '1.1'],
  ['1.4', '2.1'],
  ['1.1', '1.3'],
  ['1.2', '4.2'],
];

/**
 * Seeds LINES/2 balanced two-line entries dated over 2024-2025 with generate_series. The ledger
 * triggers and FK checks are switched off for this session only (session_replication_role =
 * replica, superuser) to seed fast; the data is balanced by construction and verified below.
 */
async function seed(db: Client, empresaId: string): Promise<void> {
  const entries = Math.floor(LINES / 2);
  await db.query('BEGIN');
  await db.query('SET LOCAL session_replication_role = replica');
  await db.query(
    `INSERT INTO asiento (empresa_id, numero, fecha, glosa, origen, created_by)
     SELECT $1, g, DATE '2024-01-01' + (g % 731), 'Bench ' || g, 'importacion', 'bench' FROM generate_series(1, $2::int) g`,
    [empresaId, entries],
  );
  const pairs = PAIRS.map(([d, h], i) => `(${i}, '${d}', '${h}')`).join(', ');
  await db.query(
    `WITH p(k, debe, haber) AS (VALUES ${pairs}),
          a AS (SELECT id, numero, 1 + (numero::bigint * 7919) % 2000000 AS monto FROM asiento WHERE empresa_id = $1)
     INSERT INTO linea_asiento (asiento_id, empresa_id, linea, cuenta_id, debe, haber)
     SELECT a.id, $1, s.linea, c.id, CASE WHEN s.linea = 1 THEN a.monto ELSE 0 END, CASE WHEN s.linea = 2 THEN a.monto ELSE 0 END
       FROM a JOIN p ON p.k = a.numero % ${PAIRS.length}
       CROSS JOIN (VALUES (1), (2)) s(linea)
       JOIN cuenta c ON c.empresa_id = $1 AND c.codigo = CASE WHEN s.linea = 1 THEN p.debe ELSE p.haber END`,
    [empresaId],
  );
  await db.query('UPDATE empresa SET ultimo_numero_asiento = $2 WHERE id = $1', [empresaId, entries]);
  await db.query('COMMIT');
  const { rows } = await db.query(
    `SELECT count(*)::int AS lineas, sum(debe) = sum(haber) AS cuadra,
            (SELECT count(*)::int FROM (SELECT 1 FROM linea_asiento WHERE empresa_id = $1 GROUP BY asiento_id HAVING sum(debe) <> sum(haber)) t) AS descuadrados
       FROM linea_asiento WHERE empresa_id = $1`,
    [empresaId],
  );
  if (rows[0].lineas !== entries * 2 || !rows[0].cuadra || rows[0].descuadrados !== 0)
    throw new Error(`bad seed ${JSON.stringify(rows[0])}`);
  await db.query('ANALYZE');
}

// The balance's aggregate (balance de ocho columnas, fiscal year to date with the opening) as
// ONE statement: what the report has to compute at least once. $1 empresa, $2 year start, $3 end.
const REFERENCE_SQL = `
  WITH apertura AS (${openingBalancesSql('$2', '$2')}),
  mov AS (
    SELECT l.cuenta_id, SUM(l.debe) AS debe, SUM(l.haber) AS haber
      FROM linea_asiento l JOIN asiento a ON a.id = l.asiento_id
     WHERE l.empresa_id = $1 AND a.fecha BETWEEN $2 AND $3 GROUP BY l.cuenta_id),
  sumas AS (
    SELECT c.codigo, c.tipo, COALESCE(m.debe, 0) + GREATEST(COALESCE(ap.saldo, 0), 0) AS sumas_debe,
           COALESCE(m.haber, 0) + GREATEST(-COALESCE(ap.saldo, 0), 0) AS sumas_haber
      FROM cuenta c LEFT JOIN mov m ON m.cuenta_id = c.id LEFT JOIN apertura ap ON ap.cuenta_id = c.id
     WHERE c.empresa_id = $1 AND (m.cuenta_id IS NOT NULL OR ap.cuenta_id IS NOT NULL))
  SELECT codigo, sumas_debe::text, sumas_haber::text FROM sumas ORDER BY string_to_array(codigo, '.')::int[]`;

export async function main(): Promise<number> {
  const env = await startBench();
  const db = new Client({ connectionString: env.databaseUrl });
  try {
    await db.connect();
    const empresaId = await createEmpresa(env, '76086428-5');
    let t = process.hrtime.bigint();
    await seed(db, empresaId);
    console.log(`seeded ${LINES} lines (${LINES / 2} entries, 2024-2025) in ${(ms(t) / 1000).toFixed(1)} s`);
    const path = `/contable/balance?empresa_id=${empresaId}&periodo=2025`;
    const params = [empresaId, '2025-01-01', '2025-12-31'];
    // Same figures both ways (the reference is the same aggregate, not a cheaper one).
    const report = (await call(env, 'GET', path)) as {
      filas: { codigo: string; sumas_debe: number; sumas_haber: number }[];
      cuadratura: object;
    };
    const ref = (await db.query(REFERENCE_SQL, params)).rows;
    const a = JSON.stringify(report.filas.map((f) => [f.codigo, f.sumas_debe, f.sumas_haber]));
    const b = JSON.stringify(ref.map((r) => [r.codigo, Number(r.sumas_debe), Number(r.sumas_haber)]));
    if (a !== b) throw new Error(`report and reference differ:\n${a}\n${b}`);
    const http: number[] = [];
    const sql: number[] = [];
    for (let i = 0; i < RUNS + 1; i += 1) {
      t = process.hrtime.bigint();
      await call(env, 'GET', path);
      const h = ms(t);
      t = process.hrtime.bigint();
      await db.query(REFERENCE_SQL, params);
      const s = ms(t);
      if (i > 0) {
        // the first round warms caches
        http.push(h);
        sql.push(s);
      }
    }
    const ratio = median(http) / median(sql);
    console.log(
      `GET /contable/balance (HTTP, ${LINES} lines): median ${median(http).toFixed(0)} ms (min ${Math.min(...http).toFixed(0)}, max ${Math.max(...http).toFixed(0)})`,
    );
    console.log(
      `one SQL statement (same aggregate):      median ${median(sql).toFixed(0)} ms (min ${Math.min(...sql).toFixed(0)}, max ${Math.max(...sql).toFixed(0)})`,
    );
    console.log(`ratio ${ratio.toFixed(2)} over ${RUNS} runs each; cuadratura ${JSON.stringify(report.cuadratura)}`);
    console.log(`machine: ${machine()}; ${new Date().toISOString()}`);
    return verdict(http.length, [[`HTTP / one SQL statement ${ratio.toFixed(2)} (<= ${TARGET_RATIO})`, ratio <= TARGET_RATIO]]);
  } finally {
    await db.end();
    await env.close();
  }
}
