import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MARKETPLACE_STAGES } from '@lib/schemas';
import {
  SERVICE_FILE,
  failed,
  isPlaceholder,
  notApplicable,
  passed,
  readText,
  scalarOf,
  serviceFrontmatter,
  type CheckContext,
  type CheckOutcome,
} from '../context';
import { contextFile, contextPort, markdownSections } from './context-file';

export const TEMPLATE_V1_KEYS = ['template', 'slug', 'name', 'tagline', 'status', 'maintainer', 'port', 'visibility', 'features'] as const;
/** docs/spec/2-service-registry.md, "status (service frontmatter) includes deprecated". */
export const SERVICE_STATUSES = ['experimental', 'active', 'maintenance', 'deprecated'] as const;

/**
 * Spec 2, beta to public, item 7: template v1 front matter: `slug` the checked one, `status` (deprecated needs `sunset`), `port`
 * 1-65535 (the context file's when it declares one), `visibility` a stage, `features` non-empty.
 */
export function checkFrontmatter(ctx: CheckContext): CheckOutcome {
  const fm = serviceFrontmatter(ctx);
  if (typeof fm === 'string') return failed(fm);
  const problems = [...fm.errors];
  for (const key of TEMPLATE_V1_KEYS) {
    const value = fm.data[key];
    if (value === undefined) problems.push(`missing ${key}`);
    else if (key === 'features' ? !Array.isArray(value) || value.length === 0 : scalarOf(fm, key) === '') {
      problems.push(key === 'features' ? 'features must list at least one feature' : `empty ${key}`);
    }
  }
  const get = (key: string) => scalarOf(fm, key);
  if (get('template') && get('template') !== 'v1') problems.push(`template is "${get('template')}", expected v1`);
  if (get('slug') && get('slug') !== ctx.slug) problems.push(`slug is "${get('slug')}", expected "${ctx.slug}"`);
  const status = get('status');
  if (status && !(SERVICE_STATUSES as readonly string[]).includes(status)) {
    problems.push(`status "${status}" is not one of ${SERVICE_STATUSES.join(', ')}`);
  }
  if (status === 'deprecated' && !/^\d{4}-\d{2}-\d{2}$/.test(get('sunset'))) {
    problems.push('a deprecated service needs sunset: YYYY-MM-DD');
  }
  const port = get('port');
  if (port && !(/^\d+$/.test(port) && +port >= 1 && +port <= 65535)) problems.push(`port "${port}" is not 1-65535`);
  const declared = contextFile(ctx);
  const ctxPort = declared && contextPort(declared.text);
  if (/^\d+$/.test(port) && ctxPort !== undefined && ctxPort !== +port) {
    problems.push(`port ${port} differs from port ${ctxPort} in ${declared?.file}`);
  }
  const visibility = get('visibility');
  if (visibility && !(MARKETPLACE_STAGES as readonly string[]).includes(visibility)) {
    problems.push(`visibility "${visibility}" is not one of ${MARKETPLACE_STAGES.join(', ')}`);
  }
  if (problems.length) return failed(`${SERVICE_FILE} front matter: ${problems.join('; ')}`);
  return passed(`${SERVICE_FILE} front matter is complete (template v1)`);
}

/** Spec 2, beta to public, item 5, repository side; the registry checks metadata.maintainer. */
export function checkMaintainer(ctx: CheckContext): CheckOutcome {
  const fm = serviceFrontmatter(ctx);
  if (typeof fm === 'string') return failed(fm);
  const maintainer = scalarOf(fm, 'maintainer');
  if (isPlaceholder(maintainer)) {
    return failed(`${SERVICE_FILE} front matter: maintainer is ${maintainer ? `a placeholder ("${maintainer}")` : 'missing'}`);
  }
  return passed(`maintainer: ${maintainer} (the registry also requires metadata.maintainer)`);
}

export const PUBLIC_DOCS_DIR = join('docs', 'public');
const README_DOC_HEADINGS = /^(usage|getting started|api|documentation|uso|primeros pasos|documentaci[oó]n)\b/i;

/**
 * Spec 2, beta to public, item 4: a non-empty docs/public/*.md, or a README section Usage / Getting started / API / Documentation
 * (or Uso / Primeros pasos / Documentación); `public_docs: not_applicable` opts out.
 */
export function checkPublicDocs(ctx: CheckContext): CheckOutcome {
  const fm = serviceFrontmatter(ctx);
  if (typeof fm !== 'string' && scalarOf(fm, 'public_docs') === 'not_applicable') {
    return notApplicable(`${SERVICE_FILE} declares public_docs: not_applicable`);
  }
  const dir = join(ctx.repo, PUBLIC_DOCS_DIR);
  let pages: string[] = [];
  try {
    pages = readdirSync(dir).filter((f) => f.endsWith('.md') && (readText(join(dir, f)) ?? '').trim() !== '');
  } catch {
    pages = [];
  }
  if (pages.length) return passed(`${PUBLIC_DOCS_DIR}/ has ${pages.length} page(s): ${pages.sort().join(', ')}`);
  const readme = readText(join(ctx.repo, 'README.md'));
  const section = readme && [...markdownSections(readme)].find(([h, body]) => README_DOC_HEADINGS.test(h) && body.trim());
  if (section) return passed(`README.md section "${section[0]}"`);
  return failed(
    `no public documentation: ${PUBLIC_DOCS_DIR}/*.md is empty or missing and README.md has no Usage/Getting started/API/Documentation section (or declare public_docs: not_applicable)`,
  );
}
