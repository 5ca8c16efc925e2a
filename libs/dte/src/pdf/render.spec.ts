import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { officialExample, sampleDocumento } from '../../test/fixtures';
import { buildDte } from '../builders/documento';
import { DteBuildError } from '../errors';
import { parseDteDocuments } from '../parsers/received';
import { sliceElements } from '../xml-slice';
import { decodeTimbre as decodeAt, pdfInfo, pdfText, prepararZxing } from './pdf.testing';
import { ACUSE_RECIBO_LEY_19983, renderDtePdf } from './render';
import { timbreBytes } from './timbre';

// Real parts: the SII's own example DTE (its real TED), pdfkit and bwip-js to print, then poppler
// (pdftoppm, pdftotext) and an independent PDF417 decoder (ZXing) to read the page back.
const OPTIONS = { resolucion: { fecha: '2003-09-02', numero: 0 }, oficinaSii: 'Santiago Centro' };
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dte-pdf-'));
  prepararZxing();
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function rendered(name: string, cedible = false): Promise<string> {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, await renderDtePdf(officialExample(), { ...OPTIONS, cedible }));
  return file;
}

const decodeTimbre = (pdf: string, page = 1) => decodeAt(pdf, dir, page);

describe('renderDtePdf (printed representation with the PDF417 timbre)', () => {
  it('prints the timbre so that an independent decoder reads back exactly the TED bytes', async () => {
    const pdf = await rendered('timbre');
    const [dte] = parseDteDocuments(officialExample());
    const expected = timbreBytes(sliceElements(dte.xml, 'TED')[0]);
    expect(expected.subarray(0, 19).toString('latin1')).toBe('<TED version="1.0">');
    expect((await decodeTimbre(pdf)).equals(expected)).toBe(true);
  }, 30_000);

  // The TED carries the receptor's name (RSR) and the first item (IT1) in ISO-8859-1: "ñ" is the byte F1 the CAF key
  // signed, never UTF-8's C3 B1.
  it('puts the TED’s ISO-8859-1 bytes in the symbol when the receptor and the first item carry ñ and é', async () => {
    const official = sliceElements(parseDteDocuments(officialExample())[0].xml, 'TED')[0];
    const ted = official
      .replace(/<RSR>[^<]*<\/RSR>/, '<RSR>Ñuñoa Café Ltda.</RSR>')
      .replace(/<IT1>[^<]*<\/IT1>/, '<IT1>Café de Ñuble</IT1>');
    const doc = sampleDocumento({ detalle: [{ nombre: 'Café de Ñuble', cantidad: 1, precio_unitario: 1000 }] });
    const file = join(dir, 'latin1.pdf');
    writeFileSync(file, await renderDtePdf(Buffer.from(buildDte(doc, ted, '2025-03-10T11:22:33'), 'latin1'), OPTIONS));
    const bytes = await decodeTimbre(file);
    expect(bytes.equals(timbreBytes(ted))).toBe(true);
    expect(bytes.includes(Buffer.from([0xd1, 0x75, 0xf1, 0x6f, 0x61]))).toBe(true); // "Ñuñoa"
    expect(bytes.includes(Buffer.from('Ñ', 'utf8'))).toBe(false);
  }, 30_000);

  it('prints the red box, issuer, receiver, lines, totals, the timbre legend and the resolution', async () => {
    const text = pdfText(await rendered('texts'));
    for (const expected of [
      'R.U.T.: 97.975.000-5',
      'FACTURA ELECTRÓNICA',
      'N° 60',
      'S.I.I. - SANTIAGO CENTRO',
      'Timbre Electrónico SII',
      'Res. 0 de 2003',
      'Verifique documento: www.sii.cl',
      'Total',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('CEDIBLE');
  });

  it('prints each additional tax with its code and rate, and MontoNF', async () => {
    const ted = '<TED version="1.0"><DD><RE>76086428-5</RE></DD><FRMT algoritmo="SHA1withRSA">AAAA</FRMT></TED>';
    const doc = sampleDocumento({
      detalle: [
        { nombre: 'Vino', cantidad: 1, precio_unitario: 10_000, codigo_impuesto_adicional: 25 },
        { nombre: 'Envase', cantidad: 1, precio_unitario: 300, no_facturable: true },
      ],
    });
    const file = join(dir, 'ila.pdf');
    writeFileSync(file, await renderDtePdf(Buffer.from(buildDte(doc, ted, '2025-03-10T11:22:33'), 'latin1'), OPTIONS));
    const text = pdfText(file).replace(/\s+/g, ' ');
    expect(text).toContain('Imp. adic. 25 20,5% $ 2.050');
    expect(text).toContain('Monto no facturable $ 300');
  });

  it('names a guía de despacho (52) as such', async () => {
    const ted = '<TED version="1.0"><DD><RE>76086428-5</RE></DD><FRMT algoritmo="SHA1withRSA">AAAA</FRMT></TED>';
    const guia = sampleDocumento({ tipo_dte: 52, ind_traslado: 1, transporte: { comuna_destino: 'Quilicura' } });
    const file = join(dir, 'guia.pdf');
    writeFileSync(file, await renderDtePdf(Buffer.from(buildDte(guia, ted, '2025-03-10T11:22:33'), 'latin1'), OPTIONS));
    const text = pdfText(file);
    expect(text).toContain('GUÍA DE DESPACHO');
    expect(text).not.toMatch(/FACTURA|DTE 52/);
  });

  it('prints an export (110) in its currency, with the rate and the pesos of OtraMoneda', async () => {
    const ted = '<TED version="1.0"><DD><RE>76086428-5</RE></DD><FRMT algoritmo="SHA1withRSA">AAAA</FRMT></TED>';
    const exportacion = sampleDocumento({
      tipo_dte: 110,
      forma_pago: 1,
      receptor: { rut: '55555555-5', razon_social: 'Importadora del Plata S.A.', direccion: 'Av. Corrientes 1234', ciudad: 'Buenos Aires' },
      detalle: [{ nombre: 'Consultoría', cantidad: '1.5', precio_unitario: '100.33' }],
      indicador_servicio: 3,
      exportacion: { moneda: 'DOLAR USA', tipo_cambio: '927.87', aduana: { via_transporte: 10, pais_receptor: 224 } },
    });
    const file = join(dir, 'exportacion.pdf');
    writeFileSync(file, await renderDtePdf(Buffer.from(buildDte(exportacion, ted, '2025-03-10T11:22:33'), 'latin1'), OPTIONS));
    const text = pdfText(file).replace(/[ \t]+/g, ' ');
    expect(text).toContain('FACTURA DE EXPORTACIÓN');
    // 1.5 × 100.33 = 150.495 USD (4 decimals kept); × 927.87 = 139 639.8 -> 139 640 CLP
    expect(text).toContain('150,495');
    expect(text).toContain('Total DOLAR USA 150,495');
    expect(text).toContain('Tipo de cambio $ 927,87');
    expect(text).toContain('Total en pesos $ 139.640');
    expect(text).not.toContain('$ 150');
  });

  it('prints 60 lines over several pages: the header repeats, every page is numbered, the timbre is on the last', async () => {
    const ted = sliceElements(parseDteDocuments(officialExample())[0].xml, 'TED')[0];
    const detalle = Array.from({ length: 60 }, (_, i) => ({ nombre: `Articulo numero ${i + 1}`, cantidad: i + 1, precio_unitario: 1000 }));
    const file = join(dir, 'long.pdf');
    writeFileSync(
      file,
      await renderDtePdf(Buffer.from(buildDte(sampleDocumento({ detalle }), ted, '2025-03-10T11:22:33'), 'latin1'), OPTIONS),
    );
    const { pages } = pdfInfo(file);
    expect(pages).toBeGreaterThanOrEqual(2);
    const text = pdfText(file);
    for (let i = 1; i <= 60; i++) expect(text).toContain(`Articulo numero ${i}`);
    expect(text.split('Precio unitario').length - 1).toBeGreaterThanOrEqual(pages - 1);
    expect(text).toContain(`Página 1 de ${pages}`);
    expect(text).toContain(`Página ${pages} de ${pages}`);
    expect((await decodeTimbre(file, pages)).equals(timbreBytes(ted))).toBe(true);
  }, 30_000);

  it('prints the CEDIBLE copy with the acuse de recibo of Ley 19.983 only when asked', async () => {
    const text = pdfText(await rendered('cedible', true)).replace(/\s+/g, ' ');
    expect(text).toContain('CEDIBLE');
    expect(text).toContain('Recinto:');
    expect(text).toContain(ACUSE_RECIBO_LEY_19983.slice(0, 60));
  });

  it('refuses CEDIBLE for a note, on the thermal roll, and an unknown formato', async () => {
    const nota = Buffer.from(
      buildDte(
        sampleDocumento({ tipo_dte: 61, referencias: [{ tipo_doc: 33, folio: 7, fecha: '2025-03-10', codigo: 1 }] }),
        sliceElements(parseDteDocuments(officialExample())[0].xml, 'TED')[0],
        '2025-03-10T11:22:33',
      ),
      'latin1',
    );
    await expect(renderDtePdf(nota, { ...OPTIONS, cedible: true })).rejects.toThrow(DteBuildError);
    await expect(renderDtePdf(officialExample(), { ...OPTIONS, cedible: true, formato: 'termica' })).rejects.toThrow(
      /thermal roll has no CEDIBLE/,
    );
    const formato = 'a4' as unknown as 'carta';
    await expect(renderDtePdf(officialExample(), { ...OPTIONS, formato })).rejects.toThrow(DteBuildError);
  });
});
