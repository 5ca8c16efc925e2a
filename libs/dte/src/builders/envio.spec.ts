import { DOMParser } from '@xmldom/xmldom';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignedXml } from 'xml-crypto';
import * as xpath from 'xpath';
import { emitSignedDte, generateCaf, generateSigner, sampleDocumento, signXml } from '../../test/fixtures';
import { dteAssetsDir } from '../assets';
import { encodeLatin1 } from '../xml/encoding';
import { DteBuildError } from '../errors';
import { parseDteDocuments } from '../parsers/received';
import { validateXsd } from '../xsd';
import { buildEnvioDte, SII_RUT, type CaratulaInput } from './envio';

const caratula: CaratulaInput = {
  rutEmisor: '76086428-5',
  rutEnvia: '11111111-1',
  rutReceptor: SII_RUT,
  fchResol: '2024-11-05',
  nroResol: 0,
  tmstFirmaEnv: '2025-03-10T11:25:00',
};

/** The system xmllint (Debian libxml2-utils, installed by .ci/run): an independent validator. */
function systemXmllint(): string {
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'pipe' });
    return 'xmllint';
  } catch {
    throw new Error('system xmllint is required for this cross-check: apt-get install -y libxml2-utils');
  }
}

function verifyAllSignatures(xml: string, certPem: string): boolean[] {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const sigs = xpath.select(
    "//*[local-name()='Signature' and namespace-uri()='http://www.w3.org/2000/09/xmldsig#']",
    doc as unknown as Node,
  ) as Node[];
  return sigs.map((sig) => {
    const v = new SignedXml({ publicCert: certPem });
    v.loadSignature(sig);
    return v.checkSignature(xml);
  });
}

describe('buildEnvioDte', () => {
  const signer = generateSigner();
  const caf33 = generateCaf({ td: 33, desde: 1, hasta: 20 });
  const caf61 = generateCaf({ td: 61, desde: 1, hasta: 20 });
  let signedDtes: string[];
  let envio: string;

  beforeAll(async () => {
    const nc = sampleDocumento({
      tipo_dte: 61,
      folio: 2,
      referencias: [{ tipo_doc: 33, folio: 7, fecha: '2025-03-10', codigo: 1, razon: 'Anula' }],
    });
    signedDtes = [
      await emitSignedDte(sampleDocumento({ folio: 7 }), caf33, signer),
      await emitSignedDte(nc, caf61, signer),
      await emitSignedDte(sampleDocumento({ folio: 8 }), caf33, signer),
    ];
    envio = buildEnvioDte({ caratula, signedDtes });
  });

  it('writes the declaration, the Caratula in XSD order and SubTotDTE per type', () => {
    expect(
      envio.startsWith(
        '<?xml version="1.0" encoding="ISO-8859-1"?>\n<EnvioDTE xmlns="http://www.sii.cl/SiiDte" version="1.0"><SetDTE ID="SetDoc">' +
          '<Caratula version="1.0"><RutEmisor>76086428-5</RutEmisor><RutEnvia>11111111-1</RutEnvia><RutReceptor>60803000-K</RutReceptor>' +
          '<FchResol>2024-11-05</FchResol><NroResol>0</NroResol><TmstFirmaEnv>2025-03-10T11:25:00</TmstFirmaEnv>' +
          '<SubTotDTE><TpoDTE>33</TpoDTE><NroDTE>2</NroDTE></SubTotDTE><SubTotDTE><TpoDTE>61</TpoDTE><NroDTE>1</NroDTE></SubTotDTE></Caratula><DTE',
      ),
    ).toBe(true);
    expect(envio.endsWith('</DTE></SetDTE></EnvioDTE>')).toBe(true);
  });

  it('embeds the signed DTEs byte-for-byte', () => {
    let at = envio.indexOf('</Caratula>') + '</Caratula>'.length;
    for (const dte of signedDtes) {
      expect(envio.indexOf(dte, at)).toBe(at);
      at += dte.length;
    }
    expect(envio.slice(at)).toBe('</SetDTE></EnvioDTE>');
  });

  it('once signed, validates against EnvioDTE_v10.xsd (libxml2-wasm)', async () => {
    const signed = signXml(envio, 'SetDoc', signer);
    expect(await validateXsd(encodeLatin1(signed), 'EnvioDTE')).toEqual({ valid: true, errors: [] });
  });

  it('once signed, validates with the system xmllint --schema too (cross-check)', () => {
    const signed = signXml(envio, 'SetDoc', signer);
    const file = join(mkdtempSync(join(tmpdir(), 'envio-')), 'envio.xml');
    writeFileSync(file, encodeLatin1(signed));
    const xmllint = systemXmllint();
    const xsdDir = join(dteAssetsDir(), 'xsd');
    const out = execFileSync(xmllint, ['--noout', '--schema', 'EnvioDTE_v10.xsd', file], { cwd: xsdDir, stdio: 'pipe' });
    expect(out.toString()).toBe('');
    const broken = encodeLatin1(signed.replace('<NroResol>0</NroResol>', '<NroResol>x</NroResol>'));
    writeFileSync(file, broken);
    expect(() => execFileSync(xmllint, ['--noout', '--schema', 'EnvioDTE_v10.xsd', file], { cwd: xsdDir, stdio: 'pipe' })).toThrow(
      /NroResol/,
    );
  });

  it('the DTE signatures still verify inside the envelope, and the envelope signature verifies', () => {
    const signed = signXml(envio, 'SetDoc', signer);
    expect(verifyAllSignatures(signed, signer.certPem)).toEqual([true, true, true, true]);
  });

  it('parses back: the TEDs and totals survive', () => {
    const parsed = parseDteDocuments(encodeLatin1(signXml(envio, 'SetDoc', signer)));
    expect(parsed.map((d) => [d.tipo_dte, d.folio, d.montos.total, d.signed])).toEqual([
      [33, 7, 48690, true],
      [61, 2, 48690, true],
      [33, 8, 48690, true],
    ]);
    expect(parsed[1].xml).toBe(signedDtes[1]);
  });

  it('drops an XML declaration in front of a signed DTE', () => {
    const withDecl = buildEnvioDte({ caratula, signedDtes: [`<?xml version="1.0" encoding="ISO-8859-1"?>\n${signedDtes[0]}`] });
    expect(withDecl).toContain(
      `<TmstFirmaEnv>2025-03-10T11:25:00</TmstFirmaEnv><SubTotDTE><TpoDTE>33</TpoDTE><NroDTE>1</NroDTE></SubTotDTE></Caratula>${signedDtes[0]}</SetDTE>`,
    );
  });

  it('refuses no DTEs, a non-DTE, another issuer and bad Caratula values', () => {
    expect(() => buildEnvioDte({ caratula, signedDtes: [] })).toThrow(DteBuildError);
    expect(() => buildEnvioDte({ caratula, signedDtes: ['<Documento/>'] })).toThrow(/not a <DTE>/);
    expect(() => buildEnvioDte({ caratula: { ...caratula, rutEmisor: '77777777-7' }, signedDtes })).toThrow(/differs from Caratula/);
    expect(() => buildEnvioDte({ caratula: { ...caratula, nroResol: -1 }, signedDtes })).toThrow(/nroResol/);
    expect(() => buildEnvioDte({ caratula: { ...caratula, rutReceptor: '60.803.000-K' }, signedDtes })).toThrow(/RutReceptor/);
    expect(() => buildEnvioDte({ caratula: { ...caratula, tmstFirmaEnv: '2025-03-10' }, signedDtes })).toThrow(/TmstFirmaEnv/);
  });
});
