import { conNamespaceSii, declaraNamespace, sinDocPersonalizado } from './formas';

describe('verification and validation forms of a received DTE', () => {
  const sinNs = '<?xml version="1.0" encoding="ISO-8859-1"?>\n<!-- emitido por X --><DTE version="1.0">\n<Documento ID="F1T33"/></DTE>';

  it('adds the SII namespace to the root start tag only, keeping every other character', () => {
    const repaired = conNamespaceSii(sinNs);
    expect(repaired).toBe(sinNs.replace('<DTE version', '<DTE xmlns="http://www.sii.cl/SiiDte" version'));
    expect(declaraNamespace(sinNs)).toBe(false);
    expect(declaraNamespace(repaired)).toBe(true);
  });

  it('leaves a root that declares a default namespace alone, and a text without elements', () => {
    const conNs = '<DTE xmlns=\'http://www.sii.cl/SiiDte\' version="1.0"><Documento/></DTE>';
    expect(conNamespaceSii(conNs)).toBe(conNs);
    expect(conNamespaceSii('<!-- nada -->')).toBe('<!-- nada -->');
    // A prefixed declaration is not a default namespace.
    expect(conNamespaceSii('<DTE xmlns:ds="urn:x"/>')).toBe('<DTE xmlns="http://www.sii.cl/SiiDte" xmlns:ds="urn:x"/>');
  });

  it('drops DocPersonalizado elements (with their content) and nothing else', () => {
    const xml = '<DTE><Documento/><Signature/>\n<DocPersonalizado dteID="1"><campo>a</campo></DocPersonalizado>\n</DTE>';
    expect(sinDocPersonalizado(xml)).toBe('<DTE><Documento/><Signature/>\n\n</DTE>');
    expect(sinDocPersonalizado('<DTE/>')).toBe('<DTE/>');
  });
});
