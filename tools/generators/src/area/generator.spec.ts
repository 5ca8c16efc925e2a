import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as ts from 'typescript';
import { FsTree } from 'nx/src/generators/tree';
import areaGenerator, { type AreaSchema } from './generator';

const root = join(__dirname, '../../../..');
const APPS: AreaSchema['app'][] = ['tax-gateway', 'accounting', 'service-registry'];

/** The generator run on the real workspace, in memory: the files it writes or changes, by path. */
async function generate(app: AreaSchema['app']): Promise<Map<string, string>> {
  const tree = new FsTree(root, false);
  await areaGenerator(tree, { app, name: 'registro-prueba', callers: 'admin' });
  return new Map(tree.listChanges().map((c) => [c.path, c.content?.toString('utf8') ?? '']));
}

/** TypeScript diagnostics of the files under `dir` (the area and its migration, written out), as text. */
function typeErrors(files: string[]): string[] {
  const { config } = ts.readConfigFile(join(root, 'tsconfig.base.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  const program = ts.createProgram(files, { ...options, noEmit: true, types: ['node', 'jest'] });
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

/** ESLint with the workspace's config on each file as if it stood at its path in the app (a child process: ESLint loads its config with import()). */
function lintProblems(files: { path: string; text: string }[]): string[] {
  const script = `
    const { ESLint } = require('eslint');
    const files = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
    (async () => {
      const eslint = new ESLint({ cwd: process.cwd() });
      const out = [];
      for (const f of files) for (const r of await eslint.lintText(f.text, { filePath: f.path }))
        out.push(...r.messages.map((m) => f.path + ':' + m.line + ' ' + m.ruleId + ': ' + m.message));
      process.stdout.write(JSON.stringify(out));
    })();`;
  const out = execFileSync(process.execPath, ['-e', script], { cwd: root, input: JSON.stringify(files), encoding: 'utf8' });
  return JSON.parse(out) as string[];
}

function need<T>(m: Map<AreaSchema['app'], T>, app: AreaSchema['app']): T {
  const v = m.get(app);
  if (v === undefined) throw new Error(`nothing generated for ${app}`);
  return v;
}

describe('nx g @tools/generators:area', () => {
  const generated = new Map<AreaSchema['app'], Map<string, string>>();
  const dir = join(root, 'tmp', `generator-spec-${process.pid}`);
  /** The new files (the area and its migration), written out under `dir` at their paths. */
  const written = new Map<AreaSchema['app'], string[]>();

  beforeAll(async () => {
    for (const app of APPS) {
      const files = await generate(app);
      generated.set(app, files);
      const nuevos = [...files].filter(([p]) => p.includes('/registro-prueba/') || /migrations\/\d+-RegistroPrueba\.ts$/.test(p));
      written.set(
        app,
        nuevos.map(([p, text]) => {
          mkdirSync(dirname(join(dir, p)), { recursive: true });
          writeFileSync(join(dir, p), text);
          return join(dir, p);
        }),
      );
    }
  }, 60_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(APPS)('creates the documented shape in %s and wires it into the app', (app) => {
    const files = need(generated, app);
    const area = `apps/${app}/src/registro-prueba`;
    const expected = ['module', 'controller', 'service', 'service.spec', 'store'].map((k) => `${area}/registro-prueba.${k}.ts`);
    for (const f of [...expected, `${area}/dto/registro-prueba.dto.ts`]) expect(files.has(f)).toBe(true);
    expect(files.has(`${area}/entities/registro-prueba.entity.ts`)).toBe(app !== 'accounting');
    expect(files.get(`apps/${app}/src/app.module.ts`)).toMatch(
      /import \{ RegistroPruebaModule \} from '.\/registro-prueba\/registro-prueba.module';[\s\S]*RegistroPruebaModule,/,
    );
    const index = files.get(`apps/${app}/src/database/migrations/index.ts`);
    expect(index).toMatch(/RegistroPrueba\d+,\n\];/);
  });

  it.each(APPS)(
    'writes code that type-checks in %s',
    (app) => {
      expect(typeErrors(need(written, app))).toEqual([]);
    },
    120_000,
  );

  it.each(APPS)(
    'writes code that passes the workspace lint in %s',
    (app) => {
      const files = [...need(generated, app)].filter(([p]) => p.endsWith('.ts')).map(([p, text]) => ({ path: join(root, p), text }));
      expect(lintProblems(files)).toEqual([]);
    },
    120_000,
  );

  it('writes specs that pass when Jest runs them', () => {
    const config = JSON.stringify({ preset: join(root, 'jest.preset.js'), rootDir: dir, testPathIgnorePatterns: ['/node_modules/'] });
    const out = execFileSync(process.execPath, [join(root, 'node_modules/jest/bin/jest.js'), '--config', config, '--ci', '--json'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const report = JSON.parse(out) as { numPassedTests: number; numFailedTests: number; numTotalTestSuites: number };
    expect(report).toMatchObject({ numTotalTestSuites: 3, numFailedTests: 0, numPassedTests: 6 });
  }, 120_000);
});
