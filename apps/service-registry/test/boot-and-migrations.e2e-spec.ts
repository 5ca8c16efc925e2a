import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DataSource } from 'typeorm';
import { createTestDatabase } from '@lib/testing';
import { migrations } from '../src/database/migrations';
import { Api, USERS } from './support/client';
import { KEYS, startRegistry } from './support/registry-app';

const SA = { user: USERS.superadmin };
const REPO_ROOT = join(__dirname, '../../..');

/** Rows of the registry as they stood before marketplace_status existed. */
const LEGACY_ROWS: [string, string][] = [
  ['legacy-public', '{"visibility":"public","pricing_summary":"x"}'],
  ['legacy-beta', '{"visibility":"beta"}'],
  ['legacy-preview', '{"visibility":"preview"}'],
  ['legacy-internal', '{"visibility":"internal"}'],
  ['legacy-capital', '{"visibility":"Public"}'],
  ['legacy-unknown', '{"visibility":"gold"}'],
  ['legacy-none', '{"owner":"team"}'],
  ['legacy-array', '[]'],
];

describe('service-registry: backfill migration, boot validation, operator command (e2e)', () => {
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase('sr_backfill');
    const legacy = new DataSource({ type: 'postgres', url: databaseUrl, migrations: migrations.slice(0, 2), migrationsRun: false });
    await legacy.initialize();
    await legacy.runMigrations();
    for (const [slug, metadata] of LEGACY_ROWS) {
      await legacy.query(`INSERT INTO services (slug, name, metadata) VALUES ($1, $2, $3::jsonb)`, [slug, slug, metadata]);
    }
    await legacy.destroy();
  });

  it('backfills marketplace_status from metadata.visibility when it is one of the four stages, else internal', async () => {
    const ctx = await startRegistry({ databaseUrl });
    try {
      const rows: { slug: string; marketplace_status: string; metadata: Record<string, unknown>; grandfathered: boolean }[] = await ctx.app
        .get(DataSource)
        .query(`SELECT slug, marketplace_status, metadata, grandfathered FROM services ORDER BY slug`);
      const bySlug = Object.fromEntries(rows.map((r) => [r.slug, r]));
      expect(Object.fromEntries(rows.map((r) => [r.slug, r.marketplace_status]))).toEqual({
        'legacy-array': 'internal',
        'legacy-beta': 'beta',
        'legacy-capital': 'internal',
        'legacy-internal': 'internal',
        'legacy-none': 'internal',
        'legacy-preview': 'preview',
        'legacy-public': 'public',
        'legacy-unknown': 'internal',
      });
      for (const r of rows) expect(r.metadata.visibility).toBe(r.marketplace_status);
      expect(bySlug['legacy-public'].metadata).toEqual({ visibility: 'public', pricing_summary: 'x' });
      expect(bySlug['legacy-none'].metadata).toEqual({ visibility: 'internal', owner: 'team' });
      expect(rows.filter((r) => r.grandfathered).map((r) => r.slug)).toEqual(['legacy-public']);
      const api = new Api(ctx);
      const listed = (await api.get('/api/v1/services/', SA)).body.items.map((s: { slug: string }) => s.slug);
      expect(listed).toEqual(['legacy-beta', 'legacy-preview', 'legacy-public']);
    } finally {
      await ctx.close();
    }
  });

  it('the operator command runs as a script: demotes to internal and prints the result as JSON', async () => {
    const run = promisify(execFile);
    const { stdout } = await run(
      process.execPath,
      [
        '-r',
        '@swc-node/register',
        'apps/service-registry/src/demotions/operator-cli.ts',
        'demote-to-internal',
        'legacy-beta',
        '--reason',
        'product retired',
        '--operator',
        'ops-bot',
      ],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          SWC_NODE_PROJECT: 'tsconfig.base.json',
          DATABASE_URL: databaseUrl,
          INTERNAL_KEYS: `admin:${KEYS.admin}`,
          LOG_LEVEL: 'silent',
          NODE_ENV: 'test',
        },
        timeout: 60_000,
      },
    );
    expect(JSON.parse(stdout.trim().split('\n').at(-1) as string)).toEqual({
      ok: true,
      slug: 'legacy-beta',
      from: 'beta',
      to: 'internal',
      transitioned: true,
      deactivation: { contracts_deactivated: 0, holds_released: 0, amount_released: 0 },
    });
    const usage = await run(
      process.execPath,
      ['-r', '@swc-node/register', 'apps/service-registry/src/demotions/operator-cli.ts', 'demote-to-internal', 'x'],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, SWC_NODE_PROJECT: 'tsconfig.base.json' },
      },
    ).catch((e: { code: number; stderr: string }) => e);
    expect(usage).toMatchObject({ code: 2, stderr: expect.stringContaining('usage:') });
  }, 90_000);

  it('an invalid style catalog stops the boot with the validation errors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sr-catalog-'));
    const file = join(dir, 'catalog.json');
    writeFileSync(file, JSON.stringify({ schema: 'platform.style.components.v1', version: '1', coverage: {}, components: [] }));
    await expect(startRegistry({ databaseUrl, env: { STYLE_CATALOG_PATH: file } })).rejects.toThrow(
      /schema violation.*\n.*\/components: minItems/s,
    );
    await expect(startRegistry({ databaseUrl, env: { STYLE_CATALOG_PATH: join(dir, 'missing.json') } })).rejects.toThrow(
      /cannot read file/,
    );
  });

  it('incomplete OIDC settings stop the boot naming the missing one', async () => {
    await expect(startRegistry({ databaseUrl, env: { OIDC_AUDIENCE: '', OIDC_JWKS_URL: '' } })).rejects.toThrow(
      /OIDC_AUDIENCE is required/,
    );
  });
});
