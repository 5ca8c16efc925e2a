import { decodeXml, encodeText } from './xml-encoding';

describe('decodeXml', () => {
  const latin1 = (s: string) => Buffer.from(s, 'latin1');

  it.each([
    ['declared ISO-8859-1', latin1('<?xml version="1.0" encoding="ISO-8859-1"?><a>ñ</a>'), undefined, 'latin1', '<a>ñ</a>'],
    [
      'declared windows-1252',
      Buffer.concat([latin1("<?xml version='1.0' encoding='windows-1252'?><a>"), Buffer.from([0x80]), latin1('</a>')]),
      undefined,
      'windows-1252',
      '<a>€</a>',
    ],
    [
      'declared UTF-8 with BOM',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<?xml version="1.0" encoding="UTF-8"?><a>ñ</a>')]),
      undefined,
      'utf8',
      '<a>ñ</a>',
    ],
    ['undeclared valid UTF-8', Buffer.from('<a>ñ</a>'), undefined, 'utf8', '<a>ñ</a>'],
    ['undeclared Latin-1 bytes', latin1('<a>ñ</a>'), undefined, 'latin1', '<a>ñ</a>'],
    ['undeclared with a caller encoding', latin1('<a>Ã©</a>'), 'ISO-8859-1', 'latin1', '<a>Ã©</a>'],
  ])('%s', (_n, bytes, fallback, encoding, tail) => {
    const d = decodeXml(bytes, fallback);
    expect(d.encoding).toBe(encoding);
    expect(d.text.endsWith(tail)).toBe(true);
  });

  it.each([
    ['UTF-16', Buffer.from('\ufeff<a/>', 'utf16le'), undefined],
    ['unknown encoding', Buffer.from('<?xml version="1.0" encoding="KOI8-R"?><a/>'), undefined],
    ['invalid UTF-8 under a UTF-8 declaration', latin1('<?xml version="1.0" encoding="UTF-8"?><a>ñ</a>'), undefined],
    ['a caller encoding contradicting the declaration', latin1('<?xml version="1.0" encoding="UTF-8"?><a/>'), 'ISO-8859-1'],
  ])('rejects %s', (_n, bytes, fallback) => {
    expect(() => decodeXml(bytes, fallback)).toThrow(expect.objectContaining({ error: 'bad_encoding' }));
  });

  it('refuses to encode a character ISO-8859-1 lacks', () => {
    expect(encodeText('ñ', 'latin1')).toEqual(latin1('ñ'));
    expect(() => encodeText('€', 'latin1')).toThrow(expect.objectContaining({ error: 'bad_encoding' }));
  });
});
