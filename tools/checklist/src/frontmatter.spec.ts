import { readFrontmatter } from './frontmatter';

describe('readFrontmatter', () => {
  it('reads scalars, quoted values, comments, block and flow lists', () => {
    const fm = readFrontmatter(
      [
        '---',
        '# template v1',
        'name: "Contabilidad: libros"',
        "tagline: 'It''s simple'",
        'port: 8265 # internal',
        'features:',
        '  - Libro diario',
        '  - "Balance"',
        'tags: [a, "b", c]',
        'empty: []',
        '---',
        'body',
      ].join('\n'),
    );
    expect(fm).toEqual({
      data: {
        name: 'Contabilidad: libros',
        tagline: "It's simple",
        port: '8265',
        features: ['Libro diario', 'Balance'],
        tags: ['a', 'b', 'c'],
        empty: [],
      },
      errors: [],
      body: 'body',
    });
  });

  it('returns null without an opening or closing ---', () => {
    expect(readFrontmatter('# title\n')).toBeNull();
    expect(readFrontmatter('---\nname: x\n')).toBeNull();
  });

  it('reports nested maps and duplicate keys with their line', () => {
    const fm = readFrontmatter('---\nname: a\nname: b\nowner:\n  team: x\n---\n');
    expect(fm?.errors).toEqual(['line 3: duplicate key "name"', 'line 5: cannot read "team: x" (flat key: value pairs only)']);
  });

  it('handles CRLF and a BOM', () => {
    expect(readFrontmatter('\uFEFF---\r\nslug: contable\r\n---\r\n')?.data).toEqual({ slug: 'contable' });
  });
});
