/** SERVICE.md front matter: `key: value` and lists; anything else is an error, not a guess. */
export type FrontmatterValue = string | string[];

export interface Frontmatter {
  data: Record<string, FrontmatterValue>;
  errors: string[];
  body: string;
}

const KEY_LINE = /^([A-Za-z_][\w-]*):(?:\s+(.*))?$/;
const LIST_ITEM = /^\s+-\s+(.*)$/;

function scalar(raw: string): string {
  const text = raw.trim();
  if (/^".*"$/.test(text)) return text.slice(1, -1).replace(/\\"/g, '"');
  if (/^'.*'$/.test(text)) return text.slice(1, -1).replace(/''/g, "'");
  return text.replace(/\s+#.*$/, '').trim();
}

function flowList(raw: string): string[] {
  const inner = raw.trim().slice(1, -1).trim();
  return inner === '' ? [] : inner.split(',').map(scalar);
}

/** Null without a `---` block closed by `---`. */
export function readFrontmatter(text: string): Frontmatter | null {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---') return null;
  const end = lines.findIndex((l, i) => i > 0 && (l.trim() === '---' || l.trim() === '...'));
  if (end < 0) return null;
  const data: Record<string, FrontmatterValue> = {};
  const errors: string[] = [];
  let listKey: string | undefined;
  for (let i = 1; i < end; i++) {
    const line = lines[i];
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const item = LIST_ITEM.exec(line);
    if (item && listKey) {
      (data[listKey] as string[]).push(scalar(item[1]));
      continue;
    }
    listKey = undefined;
    const match = KEY_LINE.exec(line);
    if (!match) {
      errors.push(`line ${i + 1}: cannot read "${line.trim()}" (flat key: value pairs only)`);
      continue;
    }
    const [, key, raw = ''] = match;
    if (key in data) errors.push(`line ${i + 1}: duplicate key "${key}"`);
    if (raw.trim() === '' || raw.trim().startsWith('#')) {
      data[key] = [];
      listKey = key;
    } else if (/^\[.*\]$/.test(raw.trim())) {
      data[key] = flowList(raw);
    } else {
      data[key] = scalar(raw);
    }
  }
  return { data, errors, body: lines.slice(end + 1).join('\n') };
}
