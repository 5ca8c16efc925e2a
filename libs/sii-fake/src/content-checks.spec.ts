import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDteDocuments } from '@lib/dte';
import { SiiFakeAuthority } from './authority';
import { judgeDocument } from './content-checks';
import { checkDocument } from './timbre-checks';

// The SII's own example factura (libs/dte/test/data, the SII's published sample F60T33): a document the SII built, judged by
// the stand-in's own rules. Its CAF was authorized on 2003-09-04: judged while it was still valid.
const exampleXml = (): string =>
  parseDteDocuments(readFileSync(join(__dirname, '../../dte/test/data/F60T33-official-sii-example.xml')))[0].xml;
const authority = new SiiFakeAuthority({ now: () => new Date('2003-10-01T12:00:00Z') });

describe('judgeDocument on the SII’s own example', () => {
  it('accepts it (DOK): its totals, IVA and timbre agree with the stand-in’s own arithmetic', () => {
    expect(judgeDocument(authority, exampleXml())).toMatchObject({
      result: 'DOK',
      emisor: '97975000-5',
      folio: 60,
      montos: { neto: 100000, iva: 19000, total: 119000 },
    });
  });

  it('verifies its TED (FRMT with the CAF key) with the stand-in’s own cryptography; only the CAF’s FRMA is the real SII’s', () => {
    // The FRMA is the SII's (IDK 100), not this authority's: that is the one failure; the TED's FRMT verifies.
    expect(checkDocument(authority, exampleXml())).toEqual(['DTE T33F60: CAF no autorizado por el SII (FRMA invalida)']);
    const tocado = exampleXml().replace('<RSR>EMPRESA  LTDA</RSR>', '<RSR>EMPRESA LTDA</RSR>');
    expect(checkDocument(authority, tocado)).toContain('DTE T33F60: Firma del TED (FRMT) invalida');
  });

  it('verifies its CAF’s FRMA with the SII’s certificate of IDK 100 as this authority’s', () => {
    const cert = readFileSync(join(__dirname, '../../dte/assets/certs/sii-caf-idk-100.cer'));
    const sii = new SiiFakeAuthority({ authorityKey: { privateKeyPem: 'unused', certificatePem: pem(cert) }, cafIdk: 100 });
    expect(checkDocument(sii, exampleXml())).toEqual([]);
  });

  it('rejects (RCH) when there is a reason to, listing the objections too; RLV when there are only objections', () => {
    const ivaMal = (xml: string) =>
      xml
        .replace('<IVA>19000</IVA>', '<IVA>19001</IVA>')
        .replace('<MntTotal>119000</MntTotal>', '<MntTotal>119001</MntTotal>')
        .replace('<MNT>119000</MNT>', '<MNT>119001</MNT>');
    const reparo = '(HED) IVA 19001 distinto de MntNeto x TasaIVA / 100 (19000)';
    expect(judgeDocument(authority, ivaMal(exampleXml()))).toMatchObject({ result: 'RLV', detail: reparo });
    const sinComuna = ivaMal(exampleXml()).replace('<CmnaOrigen>Santiago</CmnaOrigen>', '');
    expect(judgeDocument(authority, sinComuna)).toMatchObject({ result: 'RCH', detail: `(HED) Falta Comuna de Origen; ${reparo}` });
  });
});

/** A DER certificate as PEM (the SII publishes the CAF certificates as .cer). */
function pem(der: Buffer): string {
  const text = der.toString('latin1');
  if (text.includes('BEGIN CERTIFICATE')) return text;
  return `-----BEGIN CERTIFICATE-----\n${der.toString('base64').replace(/(.{64})/g, '$1\n')}\n-----END CERTIFICATE-----\n`;
}
