import { join } from 'node:path';
import { createFixture, SERVICE_FILES, type Fixture } from '../../test/fixture';
import type { CheckContext } from '../context';
import { runChecklist } from '../run';
import { REPOSITORY_CHECKS } from './index';

let fx: Fixture;
let ctx: CheckContext;
beforeEach(() => {
  fx = createFixture();
  ctx = {
    repo: fx.repo,
    styleRepo: fx.styleRepo,
    slug: fx.slug,
    target: 'public',
    coverageFile: join(fx.repo, 'coverage/coverage-summary.json'),
  };
});
afterEach(() => fx.cleanup());

const check = (id: string) => REPOSITORY_CHECKS[id](ctx);
const expectFail = (id: string, detail: RegExp) => {
  const outcome = check(id);
  expect(outcome.status).toBe('failed');
  expect(outcome.detail).toMatch(detail);
};
const expectPass = (id: string, detail?: RegExp) => {
  const outcome = check(id);
  expect(outcome).toMatchObject({ status: 'passed' });
  if (detail) expect(outcome.detail).toMatch(detail);
};
const serviceMd = (replace: [RegExp, string][]) =>
  fx.write(
    'SERVICE.md',
    replace.reduce((text, [from, to]) => text.replace(from, to), SERVICE_FILES['SERVICE.md']),
  );

it('the fixture meets every repository-side item up to public', () => {
  const report = runChecklist({ ...ctx, target: 'public' });
  expect(report.results.filter((r) => r.status !== 'passed')).toEqual([]);
  expect(report.summary).toEqual({ passed: 11, failed: 0, not_applicable: 0 });
});

describe('monogram_svg', () => {
  it('passes a viewBox 0 0 64 64', () => expectPass('monogram_svg', /monogram\.svg is 64x64/));
  it('passes width and height 64 without a viewBox', () => {
    fx.write('style:brands/contable/monogram.svg', '<svg width="64px" height="64"><rect/></svg>');
    expectPass('monogram_svg');
  });
  it('fails when missing', () => {
    fx.remove('style:brands/contable/monogram.svg');
    expectFail('monogram_svg', /brands\/contable\/monogram\.svg not found/);
  });
  it('fails another size', () => {
    fx.write('style:brands/contable/monogram.svg', '<svg width="128" height="128" viewBox="0 0 64 64"/>');
    expectFail('monogram_svg', /must be 64x64.*found 128x128/);
  });
  it('fails a viewBox of another size', () => {
    fx.write('style:brands/contable/monogram.svg', '<svg viewBox="0 0 32 32"/>');
    expectFail('monogram_svg', /found 32x32/);
  });
  it('fails a file that is not SVG', () => {
    fx.write('style:brands/contable/monogram.svg', 'PNG...');
    expectFail('monogram_svg', /no <svg> root/);
  });
});

describe('context_file', () => {
  it('passes the complete file', () => expectPass('context_file', /CONTEXT\.md declares port 8265/));
  it('accepts .platform/context.md', () => {
    fx.remove('CONTEXT.md');
    fx.write('.platform/context.md', SERVICE_FILES['CONTEXT.md']);
    expectPass('context_file', /\.platform\/context\.md/);
  });
  it('fails when missing', () => {
    fx.remove('CONTEXT.md');
    expectFail('context_file', /no context file: expected CONTEXT\.md or \.platform\/context\.md/);
  });
  it.each([
    ['Port', /missing section "## Port"/],
    ['Secret keys', /missing section "## Secret keys"/],
    ['Gotchas', /missing section "## Gotchas"/],
    ['Owner', /missing section "## Owner"/],
  ])('fails without the %s section', (section, detail) => {
    fx.write('CONTEXT.md', SERVICE_FILES['CONTEXT.md'].replace(`## ${section}`, '## Other'));
    expectFail('context_file', detail);
  });
  it('fails an empty owner and a port that is not a number', () => {
    fx.write('CONTEXT.md', SERVICE_FILES['CONTEXT.md'].replace('8265', 'the usual one').replace('equipo-contable', ''));
    expectFail('context_file', /section "## Owner" is empty; "Port" holds no port number/);
  });
  it('fails secret values written in the file', () => {
    fx.write('CONTEXT.md', SERVICE_FILES['CONTEXT.md'].replace('- `INTERNAL_KEYS`', '- INTERNAL_KEYS=admin:abc'));
    expectFail('context_file', /names only, not values \("INTERNAL_KEYS=\.\.\."\)/);
  });
  it('fails a key name that is not UPPER_SNAKE_CASE', () => {
    fx.write('CONTEXT.md', SERVICE_FILES['CONTEXT.md'].replace('`INTERNAL_KEYS`', 'internal keys'));
    expectFail('context_file', /"internal" is not an UPPER_SNAKE_CASE key name/);
  });
  it('accepts "none" when the service has no secrets', () => {
    fx.write('CONTEXT.md', SERVICE_FILES['CONTEXT.md'].replace(/- `DATABASE_URL`\n- `INTERNAL_KEYS`/, 'none'));
    expectPass('context_file');
  });
});

describe('versioned_contract', () => {
  it('passes a {#anchor} heading', () => expectPass('versioned_contract', /#v1-get-balance \(\/api\/v1\/contable\/balance\)/));
  it('passes an <a id> on the line above the heading', () => {
    fx.write('docs/contracts.md', '<a id="balance-v1"></a>\n## GET /api/v1/contable/balance\n');
    expectPass('versioned_contract', /#balance-v1/);
  });
  it('fails a heading without an anchor', () => {
    fx.write('docs/contracts.md', '# Contracts\n\n## GET /api/v1/contable/balance\n');
    expectFail('versioned_contract', /without an anchor at line 3/);
  });
  it('fails without a versioned path', () => {
    fx.write('docs/contracts.md', '## GET /contable/balance {#balance}\n');
    expectFail('versioned_contract', /no heading naming a versioned REST path/);
  });
  it('fails when missing', () => {
    fx.remove('docs/contracts.md');
    expectFail('versioned_contract', /docs\/contracts\.md not found/);
  });
});

describe('brand_tokens', () => {
  it('passes the complete set with resolving aliases', () => expectPass('brand_tokens', /all 10 required tokens/));
  it('fails a missing token and a dangling alias', () => {
    fx.write(
      'style:brands/contable/tokens.json',
      JSON.stringify({
        color: { primary: '#000', 'on-primary': '#fff', secondary: '#111', background: '#eee', surface: '{color.paper}', text: '#222' },
        font: { family: { base: 'Inter' } },
        radius: { base: { $value: '4px' } },
        spacing: { base: { $value: '4px' } },
      }),
    );
    expectFail('brand_tokens', /color\.surface refers to \{color\.paper\}.*font\.family\.heading is missing/);
  });
  it('fails when missing or not JSON', () => {
    fx.write('style:brands/contable/tokens.json', '{');
    expectFail('brand_tokens', /not valid JSON/);
    fx.remove('style:brands/contable/tokens.json');
    expectFail('brand_tokens', /brands\/contable\/tokens\.json not found in the style repository/);
  });
});

describe('ci_smoke_tests', () => {
  it('passes and points at the line', () => expectPass('ci_smoke_tests', /\.github\/workflows\/ci\.yml:4 smoke:/));
  it('fails without workflows', () => {
    fx.remove('.github');
    expectFail('ci_smoke_tests', /\.github\/workflows\/ not found/);
  });
  it('fails when smoke appears only in a comment', () => {
    fx.write('.github/workflows/ci.yml', 'name: ci\n# TODO: smoke tests\njobs:\n  test:\n    steps:\n      - run: npm test\n');
    expectFail('ci_smoke_tests', /no workflow .* runs smoke tests/);
  });
});

describe('test_coverage_60', () => {
  const summary = (pct: unknown) => fx.write('coverage/coverage-summary.json', JSON.stringify({ total: { lines: { pct } } }));
  it('passes 72%', () => expectPass('test_coverage_60', /line coverage 72% \(minimum 60%\)/));
  it('passes exactly 60%', () => {
    summary(60);
    expectPass('test_coverage_60');
  });
  it('fails 59.99%', () => {
    summary(59.99);
    expectFail('test_coverage_60', /line coverage 59\.99% \(minimum 60%\)/);
  });
  it('fails istanbul "Unknown" and a missing report', () => {
    summary('Unknown');
    expectFail('test_coverage_60', /no numeric total\.lines\.pct/);
    fx.remove('coverage');
    expectFail('test_coverage_60', /coverage\/coverage-summary\.json not found/);
  });
});

describe('structured_json_logging', () => {
  it('passes a pino dependency', () => expectPass('structured_json_logging', /depends on nestjs-pino/));
  it('passes source importing @lib/platform', () => {
    fx.write('package.json', '{"dependencies":{}}');
    fx.write('apps/x/src/main.ts', "import { bootstrapApp } from '@lib/platform';\n");
    expectPass('structured_json_logging', /apps\/x\/src\/main\.ts imports @lib\/platform/);
  });
  it('fails without a JSON logger (a devDependency does not count)', () => {
    fx.write('package.json', '{"devDependencies":{"pino":"9"}}');
    expectFail('structured_json_logging', /no JSON logger/);
  });
});

describe('oidc_shared_library', () => {
  it('passes the Oidc guard of @lib/auth', () => expectPass('oidc_shared_library', /src\/auth\.ts uses the OIDC guard/));
  it('fails @lib/auth used without its Oidc guard', () => {
    fx.write('src/auth.ts', "import { InternalKeyGuard } from '@lib/auth';\n");
    expectFail('oidc_shared_library', /no source imports @lib\/auth/);
  });
  it('passes a declared dependency on @lib/auth', () => {
    fx.remove('src/auth.ts');
    fx.write('package.json', JSON.stringify({ dependencies: { 'nestjs-pino': '4', '@lib/auth': '1' } }));
    expectPass('oidc_shared_library', /package\.json depends on @lib\/auth/);
  });
  it('ignores node_modules', () => {
    fx.remove('src/auth.ts');
    fx.write('node_modules/x/index.js', "const { OidcGuard } = require('@lib/auth');\n");
    expectFail('oidc_shared_library', /no source imports/);
  });
});

describe('public_docs', () => {
  it('passes docs/public pages', () => expectPass('public_docs', /getting-started\.md/));
  it('passes a README usage section', () => {
    fx.remove('docs/public');
    fx.write('README.md', '# Contable\n\n## Uso\n\nEjecuta `npm start`.\n');
    expectPass('public_docs', /README\.md section "Uso"/);
  });
  it('fails without docs', () => {
    fx.remove('docs/public');
    fx.write('README.md', '# Contable\n\n## Development\n\nnpm test\n');
    expectFail('public_docs', /no public documentation/);
  });
  it('is not applicable when the front matter says so', () => {
    fx.remove('docs/public');
    serviceMd([[/^visibility: beta$/m, 'visibility: beta\npublic_docs: not_applicable']]);
    expect(check('public_docs')).toEqual({ status: 'not_applicable', detail: 'SERVICE.md declares public_docs: not_applicable' });
  });
});

describe('maintainer_declared', () => {
  it('passes a maintainer', () => expectPass('maintainer_declared', /maintainer: equipo-contable@example\.test/));
  it.each(['TBD', '<team>', ''])('fails the placeholder %j', (value) => {
    serviceMd([[/^maintainer: .*$/m, `maintainer: ${value}`]]);
    expectFail('maintainer_declared', /maintainer is (a placeholder|missing)/);
  });
  it('fails without SERVICE.md', () => {
    fx.remove('SERVICE.md');
    expectFail('maintainer_declared', /SERVICE\.md not found/);
  });
});

describe('frontmatter_template_v1', () => {
  it('passes the complete front matter', () => expectPass('frontmatter_template_v1', /complete \(template v1\)/));
  it.each(['template', 'slug', 'name', 'tagline', 'status', 'maintainer', 'port', 'visibility'])('fails without %s', (key) => {
    serviceMd([[new RegExp(`^${key}: .*\\n`, 'm'), '']]);
    expectFail('frontmatter_template_v1', new RegExp(`missing ${key}`));
  });
  it.each<[string, [RegExp, string][], RegExp]>([
    ['features empty', [[/^features:\n(?: {2}- .*\n)+/m, 'features: []\n']], /features must list at least one feature/],
    ['template v2', [[/^template: v1$/m, 'template: v2']], /template is "v2", expected v1/],
    ['another slug', [[/^slug: contable$/m, 'slug: boletas']], /slug is "boletas", expected "contable"/],
    ['unknown status', [[/^status: active$/m, 'status: live']], /status "live" is not one of/],
    ['deprecated without sunset', [[/^status: active$/m, 'status: deprecated']], /deprecated service needs sunset/],
    ['port not a number', [[/^port: 8265$/m, 'port: 82a']], /port "82a" is not 1-65535/],
    ['port differing from CONTEXT.md', [[/^port: 8265$/m, 'port: 8266']], /port 8266 differs from port 8265 in CONTEXT\.md/],
    ['visibility not a stage', [[/^visibility: beta$/m, 'visibility: everyone']], /visibility "everyone" is not one of/],
    ['an unreadable line', [[/^name: .*$/m, 'name: Contabilidad\n  nested: map']], /line \d+: cannot read "nested: map"/],
  ])('fails %s', (_name, replace, detail) => {
    serviceMd(replace);
    expectFail('frontmatter_template_v1', detail);
  });
  it('accepts a deprecated service with a sunset date', () => {
    serviceMd([[/^status: active$/m, 'status: deprecated\nsunset: 2026-09-30']]);
    expectPass('frontmatter_template_v1');
  });
  it('fails a file without front matter', () => {
    fx.write('SERVICE.md', '# Contable\n');
    expectFail('frontmatter_template_v1', /SERVICE\.md has no front matter/);
  });
});
