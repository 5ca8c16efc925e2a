import { spawn } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFixture, type Fixture } from '../test/fixture';
import { parseChecklistArgs, runChecklistCli } from './cli';

const root = join(__dirname, '../../..');
// Spawned CLIs compile TypeScript at start (about a second); leave room on a loaded CI machine.
jest.setTimeout(30_000);

function cli(argv: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'tools/checklist/bin.js'), ...argv], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function inProcess(argv: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runChecklistCli(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

let fx: Fixture;
const base = () => ['--repo', fx.repo, '--style-repo', fx.styleRepo, '--slug', fx.slug];
beforeEach(() => (fx = createFixture()));
afterEach(() => fx.cleanup());

describe('checklist CLI (spawned)', () => {
  it('exits 0 for a repository that meets every item up to public, and writes the JSON report', async () => {
    const jsonOut = join(fx.root, 'report.json');
    const r = await cli([...base(), '--target', 'public', '--json-out', jsonOut]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Result: PASSED (11 passed, 0 failed, 0 not applicable)');
    const report = JSON.parse(readFileSync(jsonOut, 'utf8'));
    expect(report).toMatchObject({ source: 'checklist-cli', slug: 'contable', target: 'public', passed: true });
    expect(Date.parse(report.generated_at)).not.toBeNaN();
    expect(report.results).toHaveLength(11);
    expect(Object.keys(report.results[0]).sort()).toEqual(['detail', 'gate', 'id', 'status', 'title']);
    expect(report.registry_items).toEqual([
      'healthz_ok',
      'registry_entry_preview',
      'idp_preview_group',
      'marketplace_detail_page',
      'pricing_tier_set',
      'pricing_summary',
      'definitive_pricing_tier',
    ]);
  });

  it('exits 1 and names the failing item and file', async () => {
    fx.remove('style:brands/contable/monogram.svg');
    const r = await cli([...base(), '--target', 'preview']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FAIL {2}monogram_svg {2}brands\/contable\/monogram\.svg not found in the style repository/);
    expect(r.stdout).toContain('Result: FAILED (1 passed, 1 failed, 0 not applicable)');
  });

  it('exits 2 on a usage error', async () => {
    const r = await cli([...base(), '--target', 'gold']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--target must be one of preview, beta, public');
  });

  describe('--post', () => {
    let server: Server;
    let received: { url?: string; headers?: IncomingHttpHeaders; body?: { results: { id: string }[] } };
    let status = 201;
    beforeEach(async () => {
      received = {};
      server = createServer((req, res) => {
        let body = '';
        req.on('data', (d) => (body += d));
        req.on('end', () => {
          received = { url: req.url, headers: req.headers, body: JSON.parse(body) };
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'nope' }));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterEach(() => new Promise((resolve) => server.close(resolve)));
    const url = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    it('posts the results as evidence with the internal key (from the environment)', async () => {
      status = 201;
      fx.remove('CONTEXT.md');
      const r = await cli([...base(), '--target', 'beta', '--post', url()], { REGISTRY_INTERNAL_KEY: 'ci-key' });
      expect(r.code).toBe(1);
      expect(r.stdout).toContain('Evidence posted to the registry (HTTP 201)');
      expect(received.url).toBe('/api/v1/services/contable/evidence');
      expect(received.headers?.['x-internal-key']).toBe('ci-key');
      expect(Object.keys(received.body ?? {}).sort()).toEqual(['generated_at', 'results', 'source', 'target']);
      expect(received.body).toMatchObject({ source: 'checklist-cli', target: 'beta' });
      expect(received.body?.results.map((x) => x.id)).toEqual([
        'monogram_svg',
        'context_file',
        'versioned_contract',
        'brand_tokens',
        'ci_smoke_tests',
      ]);
      expect(received.body?.results[1]).toEqual({
        id: 'context_file',
        status: 'failed',
        detail: expect.stringContaining('no context file'),
      });
    });

    it('exits 3 when the registry refuses the evidence', async () => {
      status = 401;
      const r = await inProcess([...base(), '--target', 'preview', '--post', `${url()}/`, '--key', 'bad']);
      expect(r.code).toBe(3);
      expect(r.err).toMatch(/cannot post the evidence: POST .*\/api\/v1\/services\/contable\/evidence answered 401/);
      expect(received.headers?.['x-internal-key']).toBe('bad');
    });
  });
});

describe('parseChecklistArgs', () => {
  const dirs = () => ['--repo', fx.repo, '--style-repo', fx.styleRepo];
  it.each<[string, () => string[], RegExp]>([
    ['no arguments', () => [], /missing --repo, --style-repo, --slug or --target/],
    ['no --style-repo', () => ['--repo', fx.repo, '--slug', 'contable', '--target', 'beta'], /missing --repo/],
    ['target internal', () => [...base(), '--target', 'internal'], /--target must be one of preview, beta, public/],
    ['a slug with a path', () => [...dirs(), '--slug', '../x', '--target', 'beta'], /is not a slug/],
    ['an uppercase slug', () => [...dirs(), '--slug', 'Contable', '--target', 'beta'], /is not a slug/],
    ['--post without a key', () => [...base(), '--target', 'beta', '--post', 'http://r'], /--post needs --key or REGISTRY_INTERNAL_KEY/],
    ['--post without a URL', () => [...base(), '--target', 'beta', '--post', 'r.example', '--key', 'k'], /--post must be an http\(s\) URL/],
    ['an unknown option', () => [...base(), '--target', 'beta', '--verbose'], /Unknown option '--verbose'/],
  ])('rejects %s', (_name, argv, message) => {
    expect(parseChecklistArgs(argv(), {})).toMatch(message);
  });

  it('rejects a repository that is not a directory', () => {
    expect(
      parseChecklistArgs(['--repo', join(fx.root, 'nope'), '--style-repo', fx.styleRepo, '--slug', 'x', '--target', 'beta'], {}),
    ).toMatch(/--repo .* is not a directory/);
  });

  it('resolves paths and reads the key from the environment', () => {
    const options = parseChecklistArgs([...base(), '--target', 'beta', '--coverage', 'out/cov.json', '--post', 'http://r'], {
      REGISTRY_INTERNAL_KEY: 'k',
    });
    expect(options).toMatchObject({
      repo: fx.repo,
      coverageFile: join(fx.repo, 'out/cov.json'),
      post: { url: 'http://r', key: 'k' },
    });
  });

  it('prints the usage with --help and exits 0', async () => {
    const r = await inProcess(['--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('usage: npm run checklist --');
  });
});
