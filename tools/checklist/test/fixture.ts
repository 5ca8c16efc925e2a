import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Files of a service repository that meets every repository-side item up to public. */
export const SERVICE_FILES: Record<string, string> = {
  'CONTEXT.md': `# Contexto de contable

## Port
8265

## Secret keys
- \`DATABASE_URL\`
- \`INTERNAL_KEYS\`

## Gotchas
The mailbox poller runs every 10 minutes; duplicates are detected by Message-ID.

## Owner
equipo-contable
`,
  'SERVICE.md': `---
template: v1
slug: contable
name: Contabilidad
tagline: "Libros contables por empresa, sin planillas"
status: active
maintainer: equipo-contable@example.test
port: 8265
visibility: beta
features:
  - Libro diario y mayor
  - Balance y estado de resultados
---

# Contabilidad
`,
  'docs/contracts.md': `# Contracts

## v1 · GET /api/v1/contable/balance {#v1-get-balance}

Returns the balance sheet.
`,
  'docs/public/getting-started.md': '# Primeros pasos\n\nCrea una empresa y carga tu plan de cuentas.\n',
  '.github/workflows/ci.yml': `name: ci
on: [pull_request]
jobs:
  smoke:
    runs-on: ubuntu-latest
    steps:
      - run: npm run smoke
`,
  'coverage/coverage-summary.json': JSON.stringify({
    total: { lines: { total: 100, covered: 72, skipped: 0, pct: 72 } },
  }),
  'package.json': JSON.stringify({ name: 'contable', dependencies: { 'nestjs-pino': '^4.0.0' } }),
  'src/auth.ts': "import { OidcGuard } from '@lib/auth';\n\nexport const guards = [OidcGuard];\n",
};

export const STYLE_FILES: Record<string, string> = {
  'brands/contable/monogram.svg':
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30"/></svg>\n',
  'brands/contable/tokens.json': JSON.stringify({
    color: {
      primary: { $type: 'color', $value: '#0b5fff' },
      'on-primary': { $value: '#ffffff' },
      secondary: { $value: '#1d2b4f' },
      background: { $value: '#f7f8fa' },
      surface: { $value: '{color.background}' },
      text: '#1a1a1a',
    },
    font: { family: { base: { $value: 'Inter, sans-serif' }, heading: { $value: '{font.family.base}' } } },
    radius: { base: { $value: '8px' } },
    spacing: { base: { $value: '4px' } },
  }),
};

export interface Fixture {
  root: string;
  repo: string;
  styleRepo: string;
  slug: string;
  /** Writes a file relative to the service repository ('style:' prefix: the style repository). */
  write(path: string, text: string): void;
  remove(path: string): void;
  cleanup(): void;
}

/** A passing service repository and style repository for slug "contable", in a fresh temp dir. */
export function createFixture(): Fixture {
  const root = mkdtempSync(join(tmpdir(), 'checklist-'));
  const repo = join(root, 'service');
  const styleRepo = join(root, 'style');
  const target = (path: string) => (path.startsWith('style:') ? join(styleRepo, path.slice(6)) : join(repo, path));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(target(path)), { recursive: true });
    writeFileSync(target(path), text);
  };
  mkdirSync(repo);
  mkdirSync(styleRepo);
  for (const [path, text] of Object.entries(SERVICE_FILES)) write(path, text);
  for (const [path, text] of Object.entries(STYLE_FILES)) write(`style:${path}`, text);
  return {
    root,
    repo,
    styleRepo,
    slug: 'contable',
    write,
    remove: (path) => rmSync(target(path), { recursive: true, force: true }),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}
