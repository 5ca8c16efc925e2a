import { statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { PromotionTarget } from '@lib/schemas';
import { DEFAULT_COVERAGE_FILE } from './checks/ci';
import { postEvidence } from './post';
import { formatReport } from './report';
import { evidenceBody, runChecklist } from './run';

/** 0 every item met; 1 an item failed; 2 usage; 3 the report could not be posted. */
export const EXIT = { passed: 0, failed: 1, usage: 2, post: 3 } as const;

/** So CI need not put the key on the command line. */
export const KEY_ENV = 'REGISTRY_INTERNAL_KEY';

export const USAGE = `usage: npm run checklist -- --repo DIR --style-repo DIR --slug SLUG --target preview|beta|public
         [--coverage FILE] [--json-out FILE] [--post URL [--key KEY]]

  --repo DIR         the service repository
  --style-repo DIR   the shared style repository (brands/<slug>/)
  --slug SLUG        the service slug (lowercase letters, digits, single hyphens)
  --target STAGE     checks every repository-side item of the gates up to STAGE (cumulative)
  --coverage FILE    istanbul json-summary (default: <repo>/${DEFAULT_COVERAGE_FILE})
  --json-out FILE    also write the report as JSON
  --post URL         post the results to URL/api/v1/services/SLUG/evidence
  --key KEY          X-Internal-Key for --post (default: env ${KEY_ENV})

exit codes: 0 all met; 1 an item failed; 2 usage error; 3 posting failed`;

const TARGETS: readonly PromotionTarget[] = ['preview', 'beta', 'public'];
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface Io {
  out(line: string): void;
  err(line: string): void;
  env: Record<string, string | undefined>;
}

interface Options {
  repo: string;
  styleRepo: string;
  slug: string;
  target: PromotionTarget;
  coverageFile: string;
  jsonOut?: string;
  post?: { url: string; key: string };
}

const isDir = (path: string) => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

export function parseChecklistArgs(argv: string[], env: Io['env']): Options | string {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        repo: { type: 'string' },
        'style-repo': { type: 'string' },
        slug: { type: 'string' },
        target: { type: 'string' },
        coverage: { type: 'string' },
        'json-out': { type: 'string' },
        post: { type: 'string' },
        key: { type: 'string' },
      },
    }));
  } catch (err) {
    return (err as Error).message;
  }
  const { repo, 'style-repo': styleRepo, slug, target, coverage, 'json-out': jsonOut, post } = values;
  if (!repo || !styleRepo || !slug || !target) return 'missing --repo, --style-repo, --slug or --target';
  if (!SLUG.test(slug)) return `--slug "${slug}" is not a slug (lowercase letters, digits, single hyphens)`;
  if (!(TARGETS as readonly string[]).includes(target)) return `--target must be one of ${TARGETS.join(', ')}`;
  if (!isDir(repo)) return `--repo ${repo} is not a directory`;
  if (!isDir(styleRepo)) return `--style-repo ${styleRepo} is not a directory`;
  const key = values.key ?? env[KEY_ENV];
  if (post !== undefined && !/^https?:\/\//.test(post)) return `--post must be an http(s) URL`;
  if (post !== undefined && !key) return `--post needs --key or ${KEY_ENV}`;
  return {
    repo: resolve(repo),
    styleRepo: resolve(styleRepo),
    slug,
    target: target as PromotionTarget,
    coverageFile: coverage ? resolve(repo, coverage) : resolve(repo, DEFAULT_COVERAGE_FILE),
    ...(jsonOut ? { jsonOut: resolve(jsonOut) } : {}),
    ...(post !== undefined && key ? { post: { url: post, key } } : {}),
  };
}

export async function runChecklistCli(argv: string[], io: Io): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(USAGE);
    return EXIT.passed;
  }
  const options = parseChecklistArgs(argv, io.env);
  if (typeof options === 'string') {
    io.err(options);
    io.err(USAGE);
    return EXIT.usage;
  }
  const report = runChecklist(options);
  io.out(formatReport(report, options.repo, options.styleRepo));
  if (options.jsonOut) {
    writeFileSync(options.jsonOut, `${JSON.stringify(report, null, 2)}\n`);
    io.out(`JSON report written to ${options.jsonOut}`);
  }
  if (options.post) {
    try {
      const status = await postEvidence(options.post.url, options.post.key, options.slug, evidenceBody(report));
      io.out(`Evidence posted to the registry (HTTP ${status})`);
    } catch (err) {
      io.err(`cannot post the evidence: ${(err as Error).message}`);
      return EXIT.post;
    }
  }
  return report.passed ? EXIT.passed : EXIT.failed;
}
