import { generateKeyPairSync } from 'node:crypto';
import { generateAuthority, generateCaf, officialExample } from '../test/fixtures';
import { siiCafCertificate } from './assets';
import { cafKeyPairMatches, cafLastValidDate, cafPublicKeyPem, parseCaf, verifyCafSignature, verifyTedSignature } from './caf';
import { DteParseError } from './errors';
import { parseDteDocuments } from './parsers/received';

describe('parseCaf', () => {
  const generated = generateCaf({ td: 61, desde: 5, hasta: 25, fa: '2025-02-03' });
  const caf = parseCaf(generated.bytes);

  it('reads the DA fields, keys and FRMA', () => {
    expect(caf).toMatchObject({
      re: '76086428-5',
      rs: 'COMERCIAL ÑANDÚ LIMITADA',
      td: 61,
      desde: 5,
      hasta: 25,
      fa: '2025-02-03',
      idk: 666,
    });
    expect(caf.rsapk.e).toBe('Aw==');
    expect(Buffer.from(caf.rsapk.m, 'base64')).toHaveLength(64);
    expect(caf.rsask).toMatch(/^-----BEGIN RSA PRIVATE KEY-----/);
    expect(caf.rsapubk).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it('keeps the CAF and DA elements verbatim, indentation included', () => {
    const text = generated.bytes.toString('latin1');
    expect(caf.cafXml.startsWith('<CAF version="1.0">\n\t\t<DA>')).toBe(true);
    expect(caf.cafXml.endsWith('</FRMA>\n\t</CAF>')).toBe(true);
    expect(text).toContain(caf.cafXml);
    expect(caf.cafXml).toContain(caf.daXml);
  });

  it('throws DteParseError for anything that is not an AUTORIZACION', () => {
    expect(() => parseCaf(Buffer.from('<EnvioDTE/>'))).toThrow(DteParseError);
    expect(() => parseCaf(Buffer.from('<AUTORIZACION><RSASK>x</RSASK></AUTORIZACION>'))).toThrow(/exactly one <CAF>/);
    expect(() => parseCaf(Buffer.from('not xml'))).toThrow(DteParseError);
  });
});

describe('verifyCafSignature', () => {
  const authority = generateAuthority();
  const generated = generateCaf({ authority });
  const caf = parseCaf(generated.bytes);

  it('verifies FRMA over the flattened DA in ISO-8859-1 with the authority certificate', () => {
    expect(verifyCafSignature(caf, authority.certPem)).toBe(true);
  });

  it('fails with another authority, a tampered DA (one accent) or a tampered FRMA', () => {
    expect(verifyCafSignature(caf, generateAuthority('Someone else').certPem)).toBe(false);
    expect(verifyCafSignature({ ...caf, daXml: caf.daXml.replace('ÑANDÚ', 'NANDU') }, authority.certPem)).toBe(false);
    expect(verifyCafSignature({ ...caf, frma: Buffer.alloc(128, 1).toString('base64') }, authority.certPem)).toBe(false);
  });

  it('does not verify a generated CAF with the real SII certificate', () => {
    expect(verifyCafSignature(caf, siiCafCertificate(100) as string)).toBe(false);
  });

  it('throws DteParseError for an unreadable certificate', () => {
    expect(() => verifyCafSignature(caf, 'not a pem')).toThrow(DteParseError);
  });
});

describe('CAF keys', () => {
  const generated = generateCaf();
  const caf = parseCaf(generated.bytes);

  it('cafPublicKeyPem rebuilds the folio public key from RSAPK M/E', () => {
    expect(cafPublicKeyPem(caf)).toBe(caf.rsapubk?.trim() + '\n');
  });

  it('cafKeyPairMatches detects a RSASK that belongs to another key', () => {
    expect(cafKeyPairMatches(caf)).toBe(true);
    const other = generateKeyPairSync('rsa', { modulusLength: 512, publicExponent: 3 });
    expect(cafKeyPairMatches({ ...caf, rsask: other.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString() })).toBe(false);
    expect(cafKeyPairMatches({ ...caf, rsask: undefined })).toBe(false);
  });
});

describe('SII official example (flatten + Latin-1 rule)', () => {
  const [dte] = parseDteDocuments(officialExample());

  it('its TED FRMT verifies with its own RSAPK over the flattened DD', () => {
    expect(dte.ted?.rsapk).toBeDefined();
    expect(verifyTedSignature(dte.ted?.ddXml ?? '', dte.ted?.frmt ?? '', dte.ted?.rsapk ?? { m: '', e: '' })).toBe(true);
  });

  it('the same DD with one changed space does not verify', () => {
    const ted = dte.ted ?? { ddXml: '', frmt: '', rsapk: { m: '', e: '' } };
    const altered = ted.ddXml.replace('EMPRESA  LTDA', 'EMPRESA LTDA');
    expect(altered).not.toBe(ted.ddXml);
    expect(verifyTedSignature(altered, ted.frmt, ted.rsapk ?? { m: '', e: '' })).toBe(false);
  });

  it('its CAF FRMA verifies with the shipped SII certificate for IDK 100', () => {
    const text = officialExample().toString('latin1');
    const cafXml = /<CAF version="1.0">[\s\S]*<\/CAF>/.exec(text)?.[0] ?? '';
    const caf = parseCaf(Buffer.from(`<?xml version="1.0" encoding="ISO-8859-1"?><AUTORIZACION>${cafXml}</AUTORIZACION>`, 'latin1'));
    expect(caf.idk).toBe(100);
    expect(verifyCafSignature(caf, siiCafCertificate(100) as string)).toBe(true);
    expect(verifyCafSignature(caf, siiCafCertificate(300) as string)).toBe(false);
  });
});

describe('cafLastValidDate', () => {
  it('is FA + 6 months - 1 day for expiring types, clamped at month end', () => {
    expect(cafLastValidDate({ td: 33, fa: '2025-01-15' })).toBe('2025-07-14');
    expect(cafLastValidDate({ td: 61, fa: '2024-08-31' })).toBe('2025-02-27');
    expect(cafLastValidDate({ td: 34, fa: '2025-01-15' })).toBeUndefined();
  });
});
