import { DteParseError } from '../errors';
import { parsePlainXml, plainChildren, plainText } from './plain';

describe('parsePlainXml (SII answers as plain objects, xml2js)', () => {
  it('keeps children in document order, strips prefixes and resolves escapes and CDATA', () => {
    const root = parsePlainXml(
      '<SII:RESPUESTA xmlns:SII="http://www.sii.cl/XMLSchema"><SII:RESP_BODY><A>1</A><B><![CDATA[<x>]]></B><A>3 &amp; 4</A></SII:RESP_BODY></SII:RESPUESTA>',
    );
    expect(root.name).toBe('RESPUESTA');
    const body = plainChildren(root, 'RESP_BODY')[0];
    expect(body.children.map((c) => [c.name, c.text])).toEqual([
      ['A', '1'],
      ['B', '<x>'],
      ['A', '3 & 4'],
    ]);
    expect(plainText(body, 'B')).toBe('<x>');
  });

  it('refuses DOCTYPE/ENTITY declarations and malformed XML', () => {
    expect(() => parsePlainXml('<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>')).toThrow(DteParseError);
    expect(() => parsePlainXml('<a><b></a>')).toThrow(/malformed XML/);
    expect(() => parsePlainXml('not xml')).toThrow(DteParseError);
  });
});
