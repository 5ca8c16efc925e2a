export interface ElementSpan {
  start: number;
  end: number;
}

function skipTo(text: string, from: number, marker: string): number {
  const at = text.indexOf(marker, from);
  return at === -1 ? text.length : at + marker.length;
}

function tagEnd(text: string, from: number): number {
  let quote = '';
  for (let j = from; j < text.length; j++) {
    const c = text[j];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '>') {
      return j;
    }
  }
  return -1;
}

/** Outermost `localName` elements (any prefix), to keep them verbatim: re-serializing changes signed bytes (docs/research/sii-protocol.md §4). */
export function findElementSpans(text: string, localName: string): ElementSpan[] {
  const spans: ElementSpan[] = [];
  let depth = 0;
  let open = 0;
  let i = text.indexOf('<');
  while (i !== -1 && i < text.length) {
    if (text.startsWith('<!--', i)) i = skipTo(text, i + 4, '-->');
    else if (text.startsWith('<![CDATA[', i)) i = skipTo(text, i + 9, ']]>');
    else if (text.startsWith('<?', i)) i = skipTo(text, i + 2, '?>');
    else if (text.startsWith('<!', i)) i = skipTo(text, i + 2, '>');
    else {
      const j = tagEnd(text, i + 1);
      if (j === -1) break;
      const isEnd = text[i + 1] === '/';
      const name = /^<\/?([^\s/>]+)/.exec(text.slice(i, j + 1))?.[1] ?? '';
      const local = name.slice(name.indexOf(':') + 1);
      if (local === localName) {
        if (isEnd) {
          depth--;
          if (depth === 0) spans.push({ start: open, end: j + 1 });
        } else if (text[j - 1] === '/') {
          if (depth === 0) spans.push({ start: i, end: j + 1 });
        } else {
          if (depth === 0) open = i;
          depth++;
        }
      }
      i = j + 1;
    }
    i = text.indexOf('<', i);
  }
  return spans;
}

export function sliceElements(text: string, localName: string): string[] {
  return findElementSpans(text, localName).map((s) => text.slice(s.start, s.end));
}
