import { generateCaf, signDd } from '../../test/fixtures';
import { verifyTedSignature, parseCaf } from '../caf';
import { DteBuildError } from '../errors';
import { buildDd, buildTed, type DdInput } from './dd-ted';

describe('buildDd / buildTed', () => {
  const generated = generateCaf({ td: 33, desde: 1, hasta: 50 });
  const caf = parseCaf(generated.bytes);
  const input: DdInput = {
    re: '76086428-5',
    td: 33,
    f: 7,
    fe: '2025-03-10',
    rr: '77777777-7',
    rsr: 'Constructora "Los Andes" & Asociados <Ingeniería> SpA',
    mnt: 48690,
    it1: 'Tornillo autorroscante 8x1" (caja 100) importado de Alemania',
    cafXml: caf.cafXml,
    tsted: '2025-03-10T11:22:33',
  };

  it('lays out RE, TD, F, FE, RR, RSR, MNT, IT1, CAF, TSTED flattened, truncating RSR and IT1 to 40', () => {
    const dd = buildDd(input);
    expect(dd).toBe(
      '<DD><RE>76086428-5</RE><TD>33</TD><F>7</F><FE>2025-03-10</FE><RR>77777777-7</RR>' +
        '<RSR>Constructora &quot;Los Andes&quot; &amp; Asociados &lt;In</RSR><MNT>48690</MNT>' +
        '<IT1>Tornillo autorroscante 8x1&quot; (caja 100) i</IT1>' +
        caf.cafXml.replace(/>[ \t\r\n]+</g, '><') +
        '<TSTED>2025-03-10T11:22:33</TSTED></DD>',
    );
    expect(dd).not.toMatch(/>\s+</);
    expect('Constructora "Los Andes" & Asociados <In').toHaveLength(40);
  });

  it('cuts RSR and IT1 at 40 characters without trimming what the cut leaves (the document has the same 40)', () => {
    // The 40th character is a space: the printed name has it, so the timbre has it too.
    const rsr = 'Comercializadora del Norte y del Sur SpA Limitada';
    const it1 = '  Arriendo de equipos computacionales del mes de marzo';
    const dd = buildDd({ ...input, rsr, it1 });
    expect(dd).toContain('<RSR>Comercializadora del Norte y del Sur SpA</RSR>');
    expect(dd).toContain('<IT1>Arriendo de equipos computacionales del </IT1>');
  });

  it('keeps the CAF attributes and FRMA', () => {
    const dd = buildDd(input);
    expect(dd).toContain('<CAF version="1.0"><DA><RE>76086428-5</RE>');
    expect(dd).toContain(`<FRMA algoritmo="SHA1withRSA">${caf.frma}</FRMA></CAF>`);
  });

  it('signed with the CAF key, the TED verifies with RSAPK', () => {
    const dd = buildDd(input);
    const ted = buildTed(dd, signDd(dd, generated.folioKey));
    expect(ted).toMatch(/^<TED version="1.0"><DD>.*<\/DD><FRMT algoritmo="SHA1withRSA">[A-Za-z0-9+/=]+<\/FRMT><\/TED>$/);
    const frmt = /<FRMT[^>]*>([^<]+)</.exec(ted)?.[1] ?? '';
    expect(verifyTedSignature(dd, frmt, caf.rsapk)).toBe(true);
  });

  it('refuses a CAF for another issuer, type or folio range', () => {
    expect(() => buildDd({ ...input, re: '11111111-1' })).toThrow(/belongs to 76086428-5/);
    expect(() => buildDd({ ...input, td: 34 })).toThrow(/authorizes type 33/);
    expect(() => buildDd({ ...input, f: 51 })).toThrow(/outside the CAF range 1-50/);
    expect(() => buildDd({ ...input, cafXml: '<DA/>' })).toThrow(DteBuildError);
  });

  it('refuses bad dates, RUTs and amounts', () => {
    expect(() => buildDd({ ...input, fe: '2025-02-30' })).toThrow(/FE/);
    expect(() => buildDd({ ...input, tsted: '2025-03-10 11:22:33' })).toThrow(/TSTED/);
    expect(() => buildDd({ ...input, rr: '77.777.777-7' })).toThrow(/RR/);
    expect(() => buildDd({ ...input, mnt: 1.5 })).toThrow(/MNT/);
    // ValorType: a liquidación-factura's MntTotal may be negative.
    expect(buildDd({ ...input, mnt: -1 })).toContain('<MNT>-1</MNT>');
  });

  it('buildTed refuses a non-DD and a non-base64 FRMT', () => {
    expect(() => buildTed('<X/>', 'AAAA')).toThrow(DteBuildError);
    expect(() => buildTed('<DD></DD>', 'not base64!')).toThrow(DteBuildError);
    expect(buildTed('<DD></DD>', 'AA\nAA')).toContain('>AAAA</FRMT>');
  });
});
