import { join } from 'node:path';
import { failed, passed, readText, type CheckContext, type CheckOutcome } from '../context';

export const CONTRACTS_FILE = join('docs', 'contracts.md');

const HEADING = /^#{1,6}\s+(.*)$/;
const VERSIONED_PATH = /\/api\/v\d+\/\S*/;
const BRACE_ANCHOR = /\{#([A-Za-z][\w.-]*)\}\s*$/;
const HTML_ANCHOR = /<a\s+(?:id|name)\s*=\s*["']([^"']+)["']\s*>\s*<\/a>/;

/**
 * Spec 2, preview to beta, item 1: a heading in `docs/contracts.md` naming a `/api/v<N>/...` path with an explicit anchor
 * (`{#anchor}`, or `<a id>` in or above it), so the link survives a reworded heading.
 */
export function checkContract(ctx: CheckContext): CheckOutcome {
  const text = readText(join(ctx.repo, CONTRACTS_FILE));
  if (text === undefined) return failed(`${CONTRACTS_FILE} not found`);
  const lines = text.split(/\r?\n/);
  const anchored: string[] = [];
  const unanchored: string[] = [];
  lines.forEach((line, i) => {
    const heading = HEADING.exec(line)?.[1];
    const path = heading && VERSIONED_PATH.exec(heading)?.[0];
    if (!path) return;
    const anchor = BRACE_ANCHOR.exec(heading)?.[1] ?? HTML_ANCHOR.exec(heading)?.[1] ?? HTML_ANCHOR.exec(lines[i - 1] ?? '')?.[1];
    if (anchor) anchored.push(`#${anchor} (${path})`);
    else unanchored.push(`line ${i + 1}`);
  });
  if (anchored.length) {
    return passed(`${CONTRACTS_FILE}: ${anchored.length} anchored contract heading(s), e.g. ${anchored[0]}`);
  }
  if (unanchored.length) {
    return failed(
      `${CONTRACTS_FILE}: /api/v<N>/ headings without an anchor at ${unanchored.join(', ')} (add {#anchor} or <a id="..."></a>)`,
    );
  }
  return failed(`${CONTRACTS_FILE} has no heading naming a versioned REST path (/api/v1/...)`);
}
