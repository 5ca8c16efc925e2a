import { decodeXml, encodeLatin1, flattenXml } from './encoding';
import { escapeXml } from './escape';
import { DteEncodingError, DteParseError } from '../errors';

const latin1 = (s: string) => Buffer.from(s, 'latin1');

describe('decodeXml', () => {
  it('honours encoding="ISO-8859-1"', () => {
    const bytes = latin1('<?xml version="1.0" encoding="ISO-8859-1"?><RS>ÑANDÚ</RS>');
    expect(bytes.includes(0xd1)).toBe(true);
    expect(decodeXml(bytes)).toContain('<RS>ÑANDÚ</RS>');
  });

  it('honours encoding="windows-1252" (0x80 is the euro sign, not a C1 control)', () => {
    const bytes = Buffer.concat([latin1('<?xml version="1.0" encoding="windows-1252"?><A>'), Buffer.from([0x80, 0xf1]), latin1('</A>')]);
    expect(decodeXml(bytes)).toContain('<A>€ñ</A>');
  });

  it('reads UTF-8 with a BOM and drops the BOM', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<A>ñ</A>', 'utf8')]);
    expect(decodeXml(bytes)).toBe('<A>ñ</A>');
  });

  it('reads undeclared input as UTF-8', () => {
    expect(decodeXml(Buffer.from('<A>Peñalolén</A>', 'utf8'))).toBe('<A>Peñalolén</A>');
  });

  it('falls back to windows-1252 when bytes declared UTF-8 are not UTF-8 (SII answers do this)', () => {
    const bytes = latin1('<?xml version="1.0" encoding="UTF-8"?><GLOSA>Envío</GLOSA>');
    expect(decodeXml(bytes)).toContain('<GLOSA>Envío</GLOSA>');
  });

  it('returns strings unchanged except for a BOM', () => {
    expect(decodeXml('\uFEFF<A/>')).toBe('<A/>');
  });

  it.each([
    ['empty', Buffer.alloc(0)],
    ['plain text', Buffer.from('Error 500')],
    ['binary', Buffer.from([0x00, 0x01, 0x02, 0x03])],
    ['unknown encoding', latin1('<?xml version="1.0" encoding="x-klingon"?><A/>')],
  ])('throws DteParseError on %s', (_name, bytes) => {
    expect(() => decodeXml(bytes)).toThrow(DteParseError);
  });
});

describe('encodeLatin1', () => {
  it('encodes one byte per character', () => {
    expect([...encodeLatin1('Ñañ')]).toEqual([0xd1, 0x61, 0xf1]);
  });

  it('throws DteEncodingError naming the character and offset', () => {
    expect(() => encodeLatin1('<A>precio 5€</A>')).toThrow(DteEncodingError);
    expect(() => encodeLatin1('<A>precio 5€</A>')).toThrow(/U\+20AC.*offset 11/);
    expect(() => encodeLatin1('ok 😀')).toThrow(/U\+1F600/);
  });
});

describe('flattenXml', () => {
  it('removes whitespace between tags (CRLF, tabs) and keeps text content', () => {
    const xml = '\r\n<DD>\r\n\t<RE>1-9</RE>\r\n\t<RSR>EMPRESA  LTDA</RSR>\n</DD>\n';
    expect(flattenXml(xml)).toBe('<DD><RE>1-9</RE><RSR>EMPRESA  LTDA</RSR></DD>');
  });
});

describe('escapeXml', () => {
  it('escapes the five special characters', () => {
    expect(escapeXml(`A&B <C> "D" 'E'`)).toBe('A&amp;B &lt;C&gt; &quot;D&quot; &apos;E&apos;');
  });
});
