import { readFileSync } from 'node:fs';
import { DOMParser } from '@xmldom/xmldom';
import { loadOrCreateIdentity, type SignerIdentity } from './keystore';
import { signXml, verifyXml } from './xml-signer';
import {
  dteXml,
  envioXml,
  getTokenXml,
  latin1,
  requireXmlsec1,
  SII_EXAMPLE,
  SII_NS,
  tempDir,
  XSI_NS,
  xmlsec1Verify,
} from '../test/fixtures';

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const ROOT_SIGNATURE = "/*/*[local-name()='Signature']";
const DTE_SIGNATURE = "//*[local-name()='DTE']/*[local-name()='Signature']";

describe('signXml / verifyXml', () => {
  const tmp = tempDir();
  let id: SignerIdentity;

  beforeAll(() => {
    requireXmlsec1();
    id = loadOrCreateIdentity(tmp.dir, '11111111-1');
  });
  afterAll(() => tmp.cleanup());

  describe('getToken (Reference URI="")', () => {
    let signed: Buffer;
    beforeAll(async () => {
      signed = await signXml(getTokenXml(), '', id);
    });

    it('appends the SII layout as the last child of the document element', () => {
      const text = signed.toString('utf8');
      expect(
        text.startsWith(
          '<?xml version="1.0"?>\n<getToken><item><Semilla>000000000078</Semilla></item><Signature xmlns="http://www.w3.org/2000/09/xmldsig#">',
        ),
      ).toBe(true);
      expect(text.endsWith('</Signature></getToken>')).toBe(true);
      const doc = new DOMParser().parseFromString(text, 'text/xml');
      const sig = doc.documentElement.lastChild as Element;
      expect(sig.localName).toBe('Signature');
      expect(sig.namespaceURI).toBe(DSIG);
      const attr = (name: string) => Array.from(sig.getElementsByTagNameNS(DSIG, name)).map((e) => e.getAttribute('Algorithm'));
      expect(attr('CanonicalizationMethod')).toEqual(['http://www.w3.org/TR/2001/REC-xml-c14n-20010315']);
      expect(attr('SignatureMethod')).toEqual(['http://www.w3.org/2000/09/xmldsig#rsa-sha1']);
      expect(attr('Transform')).toEqual(['http://www.w3.org/2000/09/xmldsig#enveloped-signature']);
      expect(attr('DigestMethod')).toEqual(['http://www.w3.org/2000/09/xmldsig#sha1']);
      expect(sig.getElementsByTagNameNS(DSIG, 'Reference')[0].getAttribute('URI')).toBe('');
      const keyInfo = sig.getElementsByTagNameNS(DSIG, 'KeyInfo')[0];
      const children = (el: Element) => Array.from(el.childNodes).map((n) => (n as Element).localName);
      expect(children(keyInfo)).toEqual(['KeyValue', 'X509Data']);
      expect(sig.getElementsByTagNameNS(DSIG, 'Modulus')[0].textContent).toBe(id.modulus);
      expect(sig.getElementsByTagNameNS(DSIG, 'Exponent')[0].textContent).toBe('AQAB');
      expect(sig.getElementsByTagNameNS(DSIG, 'X509Certificate')[0].textContent).toBe(id.certificateBase64);
    });

    it('verifies with our verifier and with xmlsec1', () => {
      expect(verifyXml(signed)).toEqual({ valid: true, reasons: [] });
      const r = xmlsec1Verify(signed, id.certificatePem);
      expect(r.output).toContain('OK');
      expect(r.ok).toBe(true);
    });

    it('a changed seed fails in both verifiers', () => {
      const tampered = Buffer.from(signed.toString('utf8').replace('000000000078', '000000000079'));
      const mine = verifyXml(tampered);
      expect(mine.valid).toBe(false);
      expect(mine.reasons.join()).toMatch(/digest/);
      expect(xmlsec1Verify(tampered, id.certificatePem).ok).toBe(false);
    });

    it('reports a KeyValue that is not the certificate key (SII ESTADO 21)', () => {
      const other = Buffer.from(id.modulus, 'base64');
      other[10] ^= 1;
      const forged = Buffer.from(signed.toString('utf8').replace(id.modulus, other.toString('base64')));
      expect(verifyXml(forged).reasons.join()).toMatch(/KeyValue RSAKeyValue does not match/);
    });
  });

  it('keeps ISO-8859-1 bytes and the declaration, and answers ISO-8859-1', async () => {
    const input = latin1(
      '<?xml version="1.0" encoding="ISO-8859-1"?>\r\n<getToken><item><Semilla>0001</Semilla><Nota>Ñandú señal</Nota></item>\r\n</getToken>\r\n',
    );
    const signed = await signXml(input, '', id);
    const at = input.indexOf('</getToken>');
    expect(signed.subarray(0, at).equals(input.subarray(0, at))).toBe(true);
    expect(signed.subarray(signed.length - 13).toString('latin1')).toBe('</getToken>\r\n');
    expect(signed.includes(Buffer.from('Ñandú', 'latin1'))).toBe(true);
    expect(signed.includes(Buffer.from('Ñandú', 'utf8'))).toBe(false);
    expect(verifyXml(signed).valid).toBe(true);
    expect(xmlsec1Verify(signed, id.certificatePem).ok).toBe(true);
  });

  describe('DTE signed alone, pasted into an EnvioDTE, envelope signed with #SetDoc', () => {
    async function signEnvio(dteExtraNs: string, envelopeNs: string) {
      const signedDtes = await Promise.all(
        [1, 2].map(async (folio) => (await signXml(latin1(dteXml(folio, dteExtraNs)), `#F${folio}T33`, id)).toString('latin1')),
      );
      const envio = latin1(envioXml(signedDtes, envelopeNs));
      return { signedDtes, envio, signed: await signXml(envio, '#SetDoc', id) };
    }

    it('signs the Documento with the C14N transform and the signature after Documento', async () => {
      const signed = (await signXml(latin1(dteXml(7)), '#F7T33', id)).toString('latin1');
      expect(signed).toMatch(
        /<\/Documento>\r\n<Signature xmlns="http:\/\/www.w3.org\/2000\/09\/xmldsig#">.*<Reference URI="#F7T33"><Transforms><Transform Algorithm="http:\/\/www.w3.org\/TR\/2001\/REC-xml-c14n-20010315"\/><\/Transforms>/,
      );
      expect(signed.endsWith('</Signature></DTE>')).toBe(true);
    });

    it('both the inner DTE signatures and the envelope signature verify in the final document', async () => {
      const { signedDtes, signed } = await signEnvio('', `xmlns="${SII_NS}"`);
      // The DTEs are embedded byte for byte.
      for (const dte of signedDtes) expect(signed.includes(latin1(dte))).toBe(true);
      expect(signed.toString('latin1')).toMatch(
        /<\/SetDTE>\r\n<Signature xmlns="http:\/\/www.w3.org\/2000\/09\/xmldsig#">.*URI="#SetDoc".*<\/Signature><\/EnvioDTE>\r\n$/s,
      );
      expect(verifyXml(signed)).toEqual({ valid: true, reasons: [] });
      expect(verifyXml(signed, '#F2T33').valid).toBe(true);
      expect(verifyXml(signed, '#SetDoc').valid).toBe(true);
      expect(xmlsec1Verify(signed, id.certificatePem, ROOT_SIGNATURE).ok).toBe(true);
      expect(xmlsec1Verify(signed, id.certificatePem, `(${DTE_SIGNATURE})[1]`).ok).toBe(true);
      expect(xmlsec1Verify(signed, id.certificatePem, `(${DTE_SIGNATURE})[2]`).ok).toBe(true);
    });

    it('a changed amount inside a DTE breaks that DTE and the envelope, in both verifiers', async () => {
      const { signed } = await signEnvio('', `xmlns="${SII_NS}"`);
      const tampered = latin1(signed.toString('latin1').replace('<MntTotal>119000</MntTotal>', '<MntTotal>119001</MntTotal>'));
      const r = verifyXml(tampered);
      expect(r.valid).toBe(false);
      expect(r.reasons.some((x) => x.includes('"#F1T33"'))).toBe(true);
      expect(r.reasons.some((x) => x.includes('"#SetDoc"'))).toBe(true);
      expect(r.reasons.some((x) => x.includes('"#F2T33"'))).toBe(false);
      expect(xmlsec1Verify(tampered, id.certificatePem, `(${DTE_SIGNATURE})[1]`).ok).toBe(false);
      expect(xmlsec1Verify(tampered, id.certificatePem, ROOT_SIGNATURE).ok).toBe(false);
    });

    it('namespace pitfall: an envelope declaring xmlns:xsi the DTE lacked breaks the inner signatures', async () => {
      const { signed } = await signEnvio('', `xmlns="${SII_NS}" xmlns:xsi="${XSI_NS}" xsi:schemaLocation="${SII_NS} EnvioDTE_v10.xsd"`);
      expect(verifyXml(signed, '#SetDoc').valid).toBe(true);
      expect(verifyXml(signed, '#F1T33').valid).toBe(false);
      expect(xmlsec1Verify(signed, id.certificatePem, ROOT_SIGNATURE).ok).toBe(true);
      expect(xmlsec1Verify(signed, id.certificatePem, `(${DTE_SIGNATURE})[1]`).ok).toBe(false);
    });

    it('a DTE declaring the same xmlns:xsi as its envelope verifies in place', async () => {
      const { signed } = await signEnvio(
        ` xmlns:xsi="${XSI_NS}"`,
        `xmlns="${SII_NS}" xmlns:xsi="${XSI_NS}" xsi:schemaLocation="${SII_NS} EnvioDTE_v10.xsd"`,
      );
      expect(verifyXml(signed)).toEqual({ valid: true, reasons: [] });
      expect(xmlsec1Verify(signed, id.certificatePem, `(${DTE_SIGNATURE})[2]`).ok).toBe(true);
      expect(xmlsec1Verify(signed, id.certificatePem, ROOT_SIGNATURE).ok).toBe(true);
    });

    it('each SignedInfo is canonicalized in its own context (DTE declares a namespace the envelope lacks)', async () => {
      // xml-crypto alone would take the first SignedInfo's ancestors for every signature (see xml-dom.ts).
      const { signed } = await signEnvio(` xmlns:xsi="${XSI_NS}"`, `xmlns="${SII_NS}"`);
      expect(verifyXml(signed)).toEqual({ valid: true, reasons: [] });
      expect(xmlsec1Verify(signed, id.certificatePem, ROOT_SIGNATURE).ok).toBe(true);
      expect(xmlsec1Verify(signed, id.certificatePem, `(${DTE_SIGNATURE})[1]`).ok).toBe(true);
    });
  });

  it('on the official SII example: the inner DTE fails in place and KeyValue is not the certificate key', () => {
    // Findings (both checked with xmlsec1 too): (1) the SII signed that Documento WITHOUT any
    // namespace in scope, so its digest does not match in the EnvioDTE (inherited SiiDte + xsi);
    // (2) the example's RSAKeyValue is not the key of its X509Certificate; the SignatureValues
    // were made with the KeyValue key, which xmlsec1 --insecure uses.
    const example = readFileSync(SII_EXAMPLE);
    const r = verifyXml(example);
    expect(r.valid).toBe(false);
    expect(r.reasons.filter((x) => x.includes('"#F60T33"') && /calculated digest/.test(x))).toHaveLength(1);
    expect(r.reasons.filter((x) => /KeyValue RSAKeyValue does not match/.test(x))).toHaveLength(2);
    expect(xmlsec1Verify(example, null, ROOT_SIGNATURE).ok).toBe(true);
    expect(xmlsec1Verify(example, null, DTE_SIGNATURE).ok).toBe(false);
  });

  it.each([
    ['DOCTYPE', '<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>', '', 'bad_xml'],
    ['unknown ID', '<a><b ID="X"/></a>', '#Y', 'unknown_reference'],
    ['duplicate ID', '<a><b ID="X"/><c ID="X"/></a>', '#X', 'ambiguous_reference'],
    ['bad reference', '<a><b ID="X"/></a>', 'X', 'bad_reference_uri'],
    ['self-closing root', '<a/>', '', 'bad_xml'],
    ['garbage', 'not xml', '', 'bad_xml'],
    ['unsupported encoding', '<?xml version="1.0" encoding="EBCDIC"?><a/>', '', 'bad_encoding'],
  ])('rejects %s', async (_name, xml, uri, error) => {
    await expect(signXml(Buffer.from(xml), uri, id)).rejects.toMatchObject({ error });
  });

  it('says when there is no signature to verify', async () => {
    expect(verifyXml(getTokenXml())).toEqual({ valid: false, reasons: ['no Signature found'] });
    expect(verifyXml(await signXml(getTokenXml(), '', id), '#X').reasons).toEqual(['no Signature with Reference URI "#X" found']);
  });
});
