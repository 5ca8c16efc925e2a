import { join } from 'node:path';
import { failed, passed, readText, type CheckContext, type CheckOutcome } from '../context';

/** W3C design tokens in `brands/<slug>/tokens.json` (docs/spec/2-service-registry.md, preview to beta, item 2). */
export const REQUIRED_BRAND_TOKENS = [
  'color.primary',
  'color.on-primary',
  'color.secondary',
  'color.background',
  'color.surface',
  'color.text',
  'font.family.base',
  'font.family.heading',
  'radius.base',
  'spacing.base',
] as const;

export const monogramPath = (slug: string) => join('brands', slug, 'monogram.svg');
export const tokensPath = (slug: string) => join('brands', slug, 'tokens.json');

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(tag);
  return match ? (match[1] ?? match[2]).trim() : undefined;
}

/** NaN for another unit (%, em). */
const length = (value: string): number => (/^\d+(?:\.\d+)?(?:px)?$/.test(value) ? parseFloat(value) : NaN);

/** Spec 2, internal to preview, item 1: `brands/<slug>/monogram.svg` renders 64x64 (width/height, else a viewBox `0 0 64 64`). */
export function checkMonogram(ctx: CheckContext): CheckOutcome {
  const file = monogramPath(ctx.slug);
  const text = readText(join(ctx.styleRepo, file));
  if (text === undefined) return failed(`${file} not found in the style repository`);
  const tag = /<svg\b[^>]*>/.exec(text.replace(/<!--[\s\S]*?-->/g, ''))?.[0];
  if (!tag) return failed(`${file} has no <svg> root element`);
  const viewBox = attribute(tag, 'viewBox')
    ?.split(/[\s,]+/)
    .map(Number);
  const width = attribute(tag, 'width');
  const height = attribute(tag, 'height');
  const w = width !== undefined ? length(width) : viewBox?.[2];
  const h = height !== undefined ? length(height) : viewBox?.[3];
  if (w === 64 && h === 64) return passed(`${file} is 64x64`);
  const found = w === undefined || h === undefined ? 'no width/height or viewBox' : `${width ?? w}x${height ?? h}`;
  return failed(`${file} must be 64x64 (width/height 64 or viewBox "0 0 64 64"); found ${found}`);
}

type TokenNode = unknown;

function lookup(tokens: TokenNode, path: string): TokenNode {
  return path
    .split('.')
    .reduce<TokenNode>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), tokens);
}

function tokenValue(node: TokenNode): unknown {
  if (typeof node === 'string' || typeof node === 'number') return node;
  if (node && typeof node === 'object' && '$value' in node) return (node as { $value: unknown }).$value;
  return undefined;
}

function tokenProblem(tokens: TokenNode, path: string, seen = new Set<string>()): string | undefined {
  const value = tokenValue(lookup(tokens, path));
  if (value === undefined || value === null || value === '') return `${path} is missing`;
  const alias = typeof value === 'string' ? /^\{([^}]+)\}$/.exec(value)?.[1] : undefined;
  if (!alias) return undefined;
  if (seen.has(alias)) return `${path} is a circular alias`;
  seen.add(path);
  return tokenProblem(tokens, alias, seen) ? `${path} refers to {${alias}}, which is missing or circular` : undefined;
}

/** Spec 2, preview to beta, item 2 ("complete brand tokens, not only the logo"); aliases must resolve. */
export function checkBrandTokens(ctx: CheckContext): CheckOutcome {
  const file = tokensPath(ctx.slug);
  const text = readText(join(ctx.styleRepo, file));
  if (text === undefined) return failed(`${file} not found in the style repository`);
  let tokens: unknown;
  try {
    tokens = JSON.parse(text);
  } catch (err) {
    return failed(`${file} is not valid JSON (${(err as Error).message})`);
  }
  const problems = REQUIRED_BRAND_TOKENS.map((p) => tokenProblem(tokens, p)).filter((p): p is string => !!p);
  if (problems.length) return failed(`${file}: ${problems.join('; ')}`);
  return passed(`${file} defines all ${REQUIRED_BRAND_TOKENS.length} required tokens`);
}
