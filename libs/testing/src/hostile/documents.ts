/** Hostile documents and stored texts of the hostile-input suite (docs/platform.md "Hostile-input suite"). */

/** Texts later printed, signed or sent; a route refuses one with a 4xx or stores something every later use handles. */
export const HOSTILE_TEXTS: Record<string, string> = {
  emoji: 'Comercial 😀 Ltda',
  'other scripts': 'Торговля 商店',
  'control characters': 'Bodega\u0007\u001b[31m central',
  'C1 control character': 'Bodega\u0085central',
  'XML markup': '</RznSocRecep><x>&amp;<![CDATA[',
  'CDATA end': 'a]]>b',
  'HTML markup': '<script>alert(1)</script>',
  'spreadsheet formula': "=cmd|' /C calc'!A0",
  'bidirectional override': 'Bodega \u202eevil\u202c',
  'combining accent and zero-width space': 'Nun\u0303oa\u200b',
  'typographic quotes and dashes': '“Comercial” – Ltda…',
  'Latin-1 accents': 'Ñuñoa ÁÉÍÓÚ ü',
  'line breaks': 'línea 1\r\nlínea 2',
  'over-long': 'x'.repeat(300),
  'only spaces': '   ',
};

/** For files and for fields that carry XML (as text or base64). */
export const HOSTILE_XML: Record<string, Buffer> = {
  'DOCTYPE with an internal entity': Buffer.from('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e "expanded">]><a>&e;</a>'),
  'XXE external entity': Buffer.from('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><a>&xxe;</a>'),
  'XXE parameter entity': Buffer.from('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;]><a/>'),
  'external DTD': Buffer.from('<?xml version="1.0"?><!DOCTYPE a SYSTEM "http://127.0.0.1:9/evil.dtd"><a/>'),
  'entity expansion (billion laughs)': Buffer.from(
    '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa">' +
      Array.from(
        { length: 8 },
        (_, i) => `<!ENTITY ${String.fromCharCode(98 + i)} "${`&${String.fromCharCode(97 + i)};`.repeat(10)}">`,
      ).join('') +
      ']><l>&i;</l>',
  ),
  'not XML at all': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x10, 0x80]),
  'invalid UTF-8 in a UTF-8 document': Buffer.concat([
    Buffer.from('<?xml version="1.0" encoding="UTF-8"?><a>'),
    Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xe2, 0x82]),
    Buffer.from('</a>'),
  ]),
  'UTF-16LE with BOM': Buffer.from('\ufeff<?xml version="1.0" encoding="UTF-16"?><a>ñ</a>', 'utf16le'),
  'UTF-16BE without BOM': Buffer.from('<?xml version="1.0" encoding="UTF-16"?><a/>', 'utf16le').swap16(),
  'truncated XML': Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a><b>'),
  'NUL bytes in XML': Buffer.from('<?xml version="1.0"?><a>\u0000</a>'),
  'empty file': Buffer.alloc(0),
  'deeply nested XML': Buffer.from('<a>'.repeat(20_000) + '</a>'.repeat(20_000)),
};

/**
 * Copies of a valid document breaking only encoding or type, to reach the checks past the parser (issue 17: these answered 502
 * `signer_error` and 500): bad UTF-8, UTF-16 with BOM, UTF-7, TipoDTE 39. Each must be refused.
 */
export function derivedDocuments(valid: Buffer): [string, Buffer][] {
  const text = valid.toString('latin1');
  const declared = (encoding: string) =>
    /^\s*<\?xml[^>]*encoding=/.test(text)
      ? text.replace(/(<\?xml[^>]*encoding=)["'][^"']*["']/, `$1"${encoding}"`)
      : `<?xml version="1.0" encoding="${encoding}"?>${text.replace(/^\s*<\?xml[^>]*\?>/, '')}`;
  // Bytes 0xFF 0xFE, which UTF-8 never has.
  const notUtf8 = declared('UTF-8').replace(/^(\s*<\?xml[^>]*\?>)/, '$1<!--\u00ff\u00fe-->');
  const out: [string, Buffer][] = [
    ['the document declared UTF-8 with bytes that are not UTF-8', Buffer.from(notUtf8, 'latin1')],
    ['the document as UTF-16 with a byte order mark', Buffer.from(`\ufeff${declared('UTF-16')}`, 'utf16le')],
    ['the document declared UTF-7', Buffer.from(declared('UTF-7'), 'latin1')],
  ];
  if (/<TipoDTE>\d+<\/TipoDTE>/.test(text)) {
    out.push([
      'the document with TipoDTE 39 (boleta, not carried by the intercambio)',
      Buffer.from(text.replace(/<TipoDTE>\d+<\/TipoDTE>/g, '<TipoDTE>39</TipoDTE>'), 'latin1'),
    ]);
  }
  return out;
}

export const isXml = (bytes: Buffer) => /^\s*</.test(bytes.subarray(0, 64).toString('latin1'));
