import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..');

/** `npm run -s <script>` as a user runs it, in tiny mode (bench/support.ts TINY). */
function run(args: string[], tiny = true): { status: number | null; out: string } {
  const res = spawnSync('npm', args, {
    cwd: root,
    env: { ...process.env, BENCH_TINY: tiny ? '1' : '', NX_DAEMON: 'false' },
    encoding: 'utf8',
    timeout: 10 * 60_000,
  });
  return { status: res.status, out: `${res.stdout}\n${res.stderr}` };
}

// Issue 23: every `npm run bench:*` measures something and prints its targets, or fails.
describe('npm run bench:* in tiny mode', () => {
  it.each(['import', 'balance', 'emission', 'boletas', 'gateway-read'])(
    'bench:%s measures, prints its targets and exits 0',
    (name) => {
      const { status, out } = run(['run', '-s', `bench:${name}`]);
      expect(out).not.toContain('NOTHING MEASURED');
      expect(out).toMatch(/^(met {3}|MISSED) /m);
      expect(out).toContain('tiny mode (BENCH_TINY=1)');
      expect({ status, tail: status === 0 ? '' : out.slice(-3000) }).toEqual({ status: 0, tail: '' });
    },
    10 * 60_000,
  );

  it('fails a benchmark that measured nothing, or that has no main()', () => {
    const nothing = run(['exec', '--', 'node', 'tools/dev/bin.js', 'bench', 'bench/spec-fixtures/nothing.bench.ts']);
    expect(nothing.out).toContain('NOTHING MEASURED');
    expect(nothing.status).toBe(3);
    const noMain = run(['exec', '--', 'node', 'tools/dev/bin.js', 'bench', 'bench/spec-fixtures/no-main.bench.ts']);
    expect(noMain.out).toContain('exports no main()');
    expect(noMain.status).toBe(3);
  }, 60_000);
});
