import { findAll, parseXmlDocument } from '@lib/dte';
import { recorteDe } from './aec-firmas';

describe('recorteDe (the text an inner signature is checked on, docs/research/cesion.md §1.2)', () => {
  it('is the DOM element as written, never a look-alike in a comment before it', () => {
    const xml =
      '<AEC>\n  <!-- <Cesion version="1.0">falsa</Cesion> -->\n  <Cesion version="1.0">real</Cesion><Cesion version="1.0">otra</Cesion></AEC>';
    const [primera, segunda] = findAll(parseXmlDocument(xml), 'Cesion');
    expect(recorteDe(xml, primera)).toBe('<Cesion version="1.0">real</Cesion>');
    expect(recorteDe(xml, segunda)).toBe('<Cesion version="1.0">otra</Cesion>');
  });

  it('keeps a prefix and reaches the first end tag of that name', () => {
    const xml = '<s:AEC xmlns:s="http://www.sii.cl/SiiDte">\r\n<s:DTE version="1.0"><s:Documento ID="F1T33"/></s:DTE></s:AEC>';
    expect(recorteDe(xml, findAll(parseXmlDocument(xml), 'DTE')[0])).toBe('<s:DTE version="1.0"><s:Documento ID="F1T33"/></s:DTE>');
    expect(recorteDe(xml, undefined)).toBeUndefined();
  });
});
