import { readFileSync } from 'node:fs';
import { createPublicKey, verify } from 'node:crypto';
import { CafStore, parseCafForSigning, signTed, verifyTed, type StoredCaf } from './ted';
import { ddXml, extract, flatCaf, latin1, makeCaf, SII_EXAMPLE, tempDir } from '../test/fixtures';

describe('CAF registration and TED', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());

  it('registers a CAF idempotently, persists it, and signs a DD that node crypto verifies with RSAPK', () => {
    const caf = makeCaf();
    const store = new CafStore(tmp.dir);
    const cafId = store.register(caf.bytes);
    expect(cafId).toMatch(/^[0-9a-f]{32}$/);
    expect(store.register(caf.bytes)).toBe(cafId);
    const reloaded = new CafStore(tmp.dir).get(cafId);
    expect(reloaded).toMatchObject({ re: '76000000-0', td: 33, desde: 1, hasta: 100, idk: '666', rsapk: caf.rsapk });

    const cafXml = flatCaf(caf.bytes);
    const dd = latin1(ddXml(cafXml));
    const frmt = signTed(reloaded as StoredCaf, dd);
    const key = createPublicKey({
      key: { kty: 'RSA', n: Buffer.from(caf.rsapk.m, 'base64').toString('base64url'), e: 'Aw' },
      format: 'jwk',
    });
    expect(verify('sha1', dd, key, Buffer.from(frmt, 'base64'))).toBe(true);
    expect(Buffer.from(frmt, 'base64')).toHaveLength(64); // 512-bit CAF key
    expect(verifyTed(dd, frmt, caf.rsapk)).toEqual({ valid: true, reasons: [] });
    // The DD is signed as given: the same text in UTF-8 is different bytes and does not verify.
    expect(verifyTed(Buffer.from(ddXml(cafXml), 'utf8'), frmt, caf.rsapk).valid).toBe(false);
  });

  it('gives different CAFs different ids and unknown ids nothing', () => {
    const store = new CafStore(tmp.dir);
    expect(store.register(makeCaf({ desde: 101, hasta: 200 }).bytes)).not.toBe(store.register(makeCaf().bytes));
    expect(store.get('0'.repeat(32))).toBeUndefined();
    expect(store.get('../../etc/passwd')).toBeUndefined();
  });

  it('rejects a CAF whose RSASK is not the key of RSAPK', () => {
    const other = makeCaf();
    const rsask = extract(/<RSASK>([\s\S]*?)<\/RSASK>/, other.bytes.toString('latin1'), 1);
    expect(() => parseCafForSigning(makeCaf({ rsaskOverride: rsask }).bytes)).toThrow(
      expect.objectContaining({ error: 'caf_key_mismatch' }),
    );
  });

  it.each([
    ['not an AUTORIZACION', '<RESPUESTA/>'],
    [
      'no RSASK',
      '<AUTORIZACION><CAF><DA><RE>1-9</RE><TD>33</TD><RNG><D>1</D><H>2</H></RNG><RSAPK><M>AQ==</M><E>Aw==</E></RSAPK><IDK>1</IDK></DA></CAF></AUTORIZACION>',
    ],
    [
      'unreadable RSASK',
      '<AUTORIZACION><CAF><DA><RE>1-9</RE><TD>33</TD><RNG><D>1</D><H>2</H></RNG><RSAPK><M>AQ==</M><E>Aw==</E></RSAPK><IDK>1</IDK></DA></CAF><RSASK>nope</RSASK></AUTORIZACION>',
    ],
  ])('rejects %s', (_name, xml) => {
    expect(() => parseCafForSigning(Buffer.from(xml))).toThrow(expect.objectContaining({ error: 'bad_caf' }));
  });

  it('verifies the FRMT of the official SII example over its flattened Latin-1 DD', () => {
    const example = readFileSync(SII_EXAMPLE).toString('latin1');
    const dd = extract(/<DD>[\s\S]*<\/DD>/, example).replace(/>\s+</g, '><');
    const frmt = extract(/<FRMT[^>]*>([^<]+)<\/FRMT>/, example, 1);
    const rsapk = { m: extract(/<M>([^<]+)<\/M>/, example, 1), e: extract(/<E>([^<]+)<\/E>/, example, 1) };
    expect(verifyTed(latin1(dd), frmt, rsapk)).toEqual({ valid: true, reasons: [] });
    expect(verifyTed(latin1(dd.replace('<MNT>119000', '<MNT>119001')), frmt, rsapk).valid).toBe(false);
    expect(verifyTed(latin1(dd), frmt, { m: 'AQ==', e: 'zz' }).valid).toBe(false);
  });
});
