import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCatalogCli } from './cli';

const root = join(__dirname, '../../..');
// Spawned CLIs compile TypeScript at start (about a second); leave room on a loaded CI machine.
jest.setTimeout(30_000);
const examplePath = join(root, 'libs/schemas/src/style-catalog/example.catalog.json');
const dir = mkdtempSync(join(tmpdir(), 'catalog-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const example = () => JSON.parse(readFileSync(examplePath, 'utf8'));

function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runCatalogCli(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('catalog validate (in process)', () => {
  it('accepts the shipped example with exit 0', () => {
    const r = run('validate', examplePath);
    expect(r.code).toBe(0);
    expect(r.out).toContain('valid platform.style.components.v1 catalog (3 components)');
    expect(r.out).not.toContain('warning');
  });

  it('names each failing path with its rule, exit 1', () => {
    const doc = example();
    doc.components[1].status = 'beta';
    delete doc.components[2].code.html;
    const r = run('validate', write('bad.json', JSON.stringify(doc)));
    expect(r.code).toBe(1);
    expect(r.out).toContain('invalid, 2 violations');
    expect(r.out).toContain('/components/1/status: enum (must be one of "candidato", "estable", "deprecado")');
    expect(r.out).toContain('/components/2/code/html: required (is required)');
  });

  it('prints machine output with --json', () => {
    const doc = example();
    doc.coverage.component_count = 0;
    const r = run('validate', write('bad-json.json', JSON.stringify(doc)), '--json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toEqual({
      file: expect.stringContaining('bad-json.json'),
      valid: false,
      errors: [{ pointer: '/coverage/component_count', rule: 'minimum', message: 'must be >= 1' }],
      warnings: [],
    });
  });

  it('prints coverage inconsistencies as warnings without failing', () => {
    const doc = example();
    doc.coverage.category_count = 1;
    const r = run('validate', write('warn.json', JSON.stringify(doc)), '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).warnings).toEqual(['/coverage/category_count: declares 1, the components give 3']);
  });

  it.each([[[]], [['validate']], [['check', examplePath]], [['validate', examplePath, '--strict']], [['validate', 'a', 'b']]])(
    'exits 2 on usage error %j',
    (argv) => {
      const r = run(...argv);
      expect(r.code).toBe(2);
      expect(r.err).toContain('usage: npm run catalog -- validate FILE');
    },
  );

  it('exits 2 and says so for an unreadable file and for invalid JSON', () => {
    const missing = run('validate', join(dir, 'missing.json'));
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/missing\.json: cannot read file/);
    const broken = run('validate', write('broken.json', '{"schema":'), '--json');
    expect(broken.code).toBe(2);
    expect(JSON.parse(broken.out)).toMatchObject({ valid: false, error: 'invalid_json' });
  });

  it('prints help with exit 0', () => {
    expect(run('--help')).toMatchObject({ code: 0, out: expect.stringContaining('exit codes') });
  });
});

describe('catalog validate (spawned process)', () => {
  const cli = (...argv: string[]) =>
    spawnSync(process.execPath, [join(root, 'tools/catalog/bin.js'), ...argv], { encoding: 'utf8', cwd: root });

  it('exits 0 for the example', () => {
    const r = cli('validate', examplePath);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('exits 1 and names the failing path', () => {
    const doc = example();
    doc.components[0].owner.repository = 'some-other-repo';
    const r = cli('validate', write('spawn-bad.json', JSON.stringify(doc)));
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('/components/0/owner/repository: const (must be "platform-style")');
  });

  it('exits 2 for invalid JSON', () => {
    const r = cli('validate', write('spawn-broken.json', 'not json'));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('not valid JSON');
  });
});
