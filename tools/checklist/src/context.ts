import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ChecklistResultStatus, MarketplaceStage } from '@lib/schemas';
import { readFrontmatter, type Frontmatter } from './frontmatter';

/** Paths are absolute; coverageFile an istanbul json-summary. */
export interface CheckContext {
  repo: string;
  styleRepo: string;
  slug: string;
  target: MarketplaceStage;
  coverageFile: string;
}

export interface CheckOutcome {
  status: ChecklistResultStatus;
  detail: string;
}

export type Check = (ctx: CheckContext) => CheckOutcome;

export const passed = (detail: string): CheckOutcome => ({ status: 'passed', detail });
export const failed = (detail: string): CheckOutcome => ({ status: 'failed', detail });
export const notApplicable = (detail: string): CheckOutcome => ({ status: 'not_applicable', detail });

/** Undefined when missing or not a regular file. */
export function readText(path: string): string | undefined {
  try {
    return statSync(path).isFile() ? readFileSync(path, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}

export function isPlaceholder(value: string): boolean {
  return /^(|-|tbd|todo|n\/a|none|unknown|<.*>|\{\{.*\}\})$/i.test(value.trim());
}

export const SERVICE_FILE = 'SERVICE.md';
export const CONTEXT_FILES = ['CONTEXT.md', '.platform/context.md'];

export function serviceFrontmatter(ctx: CheckContext): Frontmatter | string {
  const text = readText(join(ctx.repo, SERVICE_FILE));
  if (text === undefined) return `${SERVICE_FILE} not found in the service repository`;
  return readFrontmatter(text) ?? `${SERVICE_FILE} has no front matter (a --- block at the top)`;
}

/** '' for a list or a missing key. */
export const scalarOf = (fm: Frontmatter, key: string): string => {
  const value = fm.data[key];
  return typeof value === 'string' ? value : '';
};

const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'coverage', 'build', 'tmp', '.nx', '.cache']);
const MAX_FILES = 5000;

/** Skipping dependencies and build output. */
export function sourceFiles(repo: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (found.length >= MAX_FILES) return;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(path);
      } else if (/\.(?:[cm]?[jt]s|[jt]sx)$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) {
        found.push(path);
      }
    }
  };
  walk(repo);
  return found;
}

export const rel = (ctx: CheckContext, path: string): string => relative(ctx.repo, path) || '.';

/** Runtime ones: logging and OIDC are runtime concerns. */
export function declaredDependencies(repo: string): Record<string, string> | undefined {
  const path = join(repo, 'package.json');
  if (!existsSync(path)) return undefined;
  try {
    const pkg = JSON.parse(readFileSync(path, 'utf8'));
    return { ...(pkg.dependencies ?? {}) };
  } catch {
    return undefined;
  }
}
