import { join } from 'node:path';
import { CONTEXT_FILES, failed, isPlaceholder, passed, readText, type CheckContext, type CheckOutcome } from '../context';

/** Headings and the words that name them (case-insensitive). */
const SECTIONS = {
  port: /^port$/i,
  secrets: /^(secret keys|secret key names|secrets)$/i,
  gotchas: /^gotchas$/i,
  owner: /^owner$/i,
} as const;
type Section = keyof typeof SECTIONS;

export function markdownSections(text: string): Map<string, string> {
  const sections = new Map<string, string>();
  let current: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    const heading = /^#{2,3}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      current = heading[1];
      sections.set(current, '');
    } else if (current !== undefined) {
      sections.set(current, `${sections.get(current)}${line}\n`);
    }
  }
  return sections;
}

function findSection(sections: Map<string, string>, section: Section): string | undefined {
  for (const [heading, body] of sections) if (SECTIONS[section].test(heading.trim())) return body.trim();
  return undefined;
}

const ENV_NAME = /^[A-Z][A-Z0-9_]*$/;

function secretProblems(body: string): string[] {
  if (/^(none|ninguna|ninguno)\.?$/i.test(body)) return [];
  const items = body
    .split(/\r?\n/)
    .map((l) => /^\s*[-*]\s+(.*)$/.exec(l)?.[1]?.trim())
    .filter((i): i is string => !!i);
  if (!items.length) return ['"Secret keys" lists no key names (write "none" when there are none)'];
  const problems: string[] = [];
  for (const entry of items) {
    const name = /^`?([^`\s:=]+)`?/.exec(entry)?.[1] ?? '';
    if (/^`?[^`\s]+`?\s*=\s*\S/.test(entry)) problems.push(`"Secret keys" must list names only, not values ("${name}=...")`);
    else if (!ENV_NAME.test(name)) problems.push(`"Secret keys": "${name}" is not an UPPER_SNAKE_CASE key name`);
  }
  return problems;
}

export function contextPort(text: string): number | undefined {
  const body = findSection(markdownSections(text), 'port');
  const match = body && /\b(\d{1,5})\b/.exec(body);
  return match ? Number(match[1]) : undefined;
}

/** CONTEXT.md at the root, else .platform/context.md. */
export function contextFile(ctx: CheckContext): { file: string; text: string } | undefined {
  for (const file of CONTEXT_FILES) {
    const text = readText(join(ctx.repo, file));
    if (text !== undefined) return { file, text };
  }
  return undefined;
}

/** Spec 2, internal to preview, item 2: `##` sections for port, secret key names (never values), gotchas, owner. */
export function checkContextFile(ctx: CheckContext): CheckOutcome {
  const found = contextFile(ctx);
  if (!found) return failed(`no context file: expected ${CONTEXT_FILES.join(' or ')}`);
  const sections = markdownSections(found.text);
  const problems: string[] = [];
  const body = (s: Section, title: string) => {
    const text = findSection(sections, s);
    if (text === undefined) problems.push(`missing section "## ${title}"`);
    else if (text === '') problems.push(`section "## ${title}" is empty`);
    return text || undefined;
  };
  const port = body('port', 'Port');
  const secrets = body('secrets', 'Secret keys');
  body('gotchas', 'Gotchas');
  const owner = body('owner', 'Owner');
  if (port !== undefined) {
    const value = contextPort(found.text);
    if (value === undefined || value < 1 || value > 65535) problems.push('"Port" holds no port number (1-65535)');
  }
  if (secrets !== undefined) problems.push(...secretProblems(secrets));
  if (owner !== undefined && isPlaceholder(owner)) problems.push(`"Owner" is a placeholder ("${owner}")`);
  if (problems.length) return failed(`${found.file}: ${problems.join('; ')}`);
  return passed(`${found.file} declares port ${contextPort(found.text)}, secret key names, gotchas and owner`);
}
