import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { officialExample } from '../test/fixtures';
import { dteAssetsDir, findAssetsDir, siiCafCertificate } from './assets';
import { DteAssetsError } from './errors';
import { validateXsd } from './xsd';

const example = () => officialExample().toString('latin1');

describe('validateXsd', () => {
  it('accepts the SII official example EnvioDTE (ISO-8859-1 bytes)', async () => {
    const result = await validateXsd(officialExample(), 'EnvioDTE');
    expect(result).toEqual({ valid: true, errors: [] });
  });

  it('rejects a broken variant with a readable error naming the line and element', async () => {
    const broken = example().replace('<Folio>60</Folio>', '<Folio>sesenta</Folio>');
    const result = await validateXsd(broken, 'EnvioDTE');
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual(["line 21: Element 'Folio': 'sesenta' is not a valid value of the atomic type 'FolioType'."]);
  });

  it('rejects a Caratula whose elements are out of the XSD order', async () => {
    const swapped = example().replace(
      '<RutEmisor>97975000-5</RutEmisor>\r\n  <RutEnvia>7880442-4</RutEnvia>',
      '<RutEnvia>7880442-4</RutEnvia>\r\n  <RutEmisor>97975000-5</RutEmisor>',
    );
    const result = await validateXsd(swapped, 'EnvioDTE');
    expect(result.valid).toBe(false);
    expect(result.errors[0]).toMatch(/Element 'RutEnvia': This element is not expected. Expected is \( RutEmisor \)/);
  });

  it('a DTE cut out of the example without its inherited namespace is not a DTE_v10 document', async () => {
    const dte = /<DTE version="1.0">[\s\S]*<\/DTE>/.exec(example())?.[0] ?? '';
    const bare = await validateXsd(dte, 'DTE');
    expect(bare.valid).toBe(false);
    expect(bare.errors.join()).toMatch(/No matching global declaration available for the validation root/);
    const withNs = dte.replace('<DTE version="1.0">', '<DTE version="1.0" xmlns="http://www.sii.cl/SiiDte">');
    expect(await validateXsd(withNs, 'DTE')).toEqual({ valid: true, errors: [] });
  });

  it('reports a document of another kind as invalid', async () => {
    const result = await validateXsd('<RespuestaDTE xmlns="http://www.sii.cl/SiiDte" version="1.0"/>', 'EnvioDTE');
    expect(result.valid).toBe(false);
  });

  it('reports garbage and DOCTYPE input as invalid instead of throwing', async () => {
    expect((await validateXsd('Error 500', 'EnvioDTE')).valid).toBe(false);
    const bomb = '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>';
    expect(await validateXsd(bomb, 'DTE')).toEqual({ valid: false, errors: [expect.stringMatching(/DOCTYPE/)] });
    const unclosed = await validateXsd('<EnvioDTE><SetDTE></EnvioDTE>', 'EnvioDTE');
    expect(unclosed).toEqual({ valid: false, errors: ['line 1: Opening and ending tag mismatch: SetDTE line 1 and EnvioDTE'] });
  });

  it('validates an ISO-8859-1 document with accents and a windows-1252 declared one', async () => {
    const accented = example().replace('<RznSoc>RUT DE PRUEBA</RznSoc>', '<RznSoc>PEÑALOLÉN LTDA</RznSoc>');
    expect((await validateXsd(Buffer.from(accented, 'latin1'), 'EnvioDTE')).valid).toBe(true);
    const cp1252 = accented.replace('encoding="ISO-8859-1"', 'encoding="windows-1252"');
    expect((await validateXsd(Buffer.from(cp1252, 'latin1'), 'EnvioDTE')).valid).toBe(true);
  });
});

describe('dteAssetsDir', () => {
  const shipped = dteAssetsDir();

  it('finds libs/dte/assets in the source tree', () => {
    expect(shipped.replace(/\\/g, '/')).toMatch(/libs\/dte\/assets$/);
  });

  it('prefers DTE_ASSETS_DIR and refuses one without schemas', () => {
    expect(findAssetsDir({ env: shipped, from: [] })).toBe(shipped);
    const empty = mkdtempSync(join(tmpdir(), 'dte-assets-'));
    expect(() => findAssetsDir({ env: empty, from: [__dirname] })).toThrow(DteAssetsError);
  });

  it('finds <dirname(main)>/assets/dte in the webpack bundle layout', () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-gateway-'));
    mkdirSync(join(dist, 'assets', 'dte', 'xsd'), { recursive: true });
    writeFileSync(join(dist, 'assets', 'dte', 'xsd', 'EnvioDTE_v10.xsd'), '<x/>');
    expect(findAssetsDir({ mainFilename: join(dist, 'main.js'), from: [__dirname] })).toBe(join(dist, 'assets', 'dte'));
  });

  it('throws DteAssetsError when nothing is found', () => {
    const nowhere = mkdtempSync(join(tmpdir(), 'nowhere-'));
    expect(() => findAssetsDir({ mainFilename: join(nowhere, 'main.js'), from: [nowhere] })).toThrow(DteAssetsError);
  });
});

describe('siiCafCertificate', () => {
  it('ships the SII certificates for IDK 100 and 300 and nothing else', () => {
    expect(siiCafCertificate(100)).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(siiCafCertificate(300)).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(siiCafCertificate(100)).not.toBe(siiCafCertificate(300));
    expect(siiCafCertificate(666)).toBeUndefined();
  });
});
