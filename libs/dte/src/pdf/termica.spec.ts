import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DteBuildError } from '../errors';
import { decodeTimbre, facturaConDescuentos, finDelTexto, pdfInfo, pdfTextPlano, prepararZxing, tedOficial } from './pdf.testing';
import { renderDtePdf } from './render';
import { timbreBytes } from './timbre';

// The 80 mm thermal roll, read back by poppler (pdfinfo, pdftotext, pdfimages, pdftoppm) and ZXing.
const OPTIONS = { resolucion: { fecha: '2014-08-22', numero: 80 }, oficinaSii: 'Providencia', formato: 'termica' as const };
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dte-termica-'));
  prepararZxing();
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function rollo(name: string, xml: Buffer): Promise<string> {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, await renderDtePdf(xml, OPTIONS));
  return file;
}

/** Size in mm and x-ppi, y-ppi of the page's first image as pdfimages lists them (the logo-less roll: the timbre). */
function timbreImpreso(pdf: string): { mm: number[]; ppi: number[] } {
  const row = execFileSync('pdfimages', ['-list', pdf]).toString().trim().split('\n')[2].trim().split(/\s+/).map(Number);
  const [width, height, xPpi, yPpi] = [row[3], row[4], row[12], row[13]];
  return { mm: [(width / xPpi) * 25.4, (height / yPpi) * 25.4], ppi: [xPpi, yPpi] };
}

describe('renderDtePdf termica (80 mm roll)', () => {
  it('prints one page 80 mm wide, as long as its content', async () => {
    const pdf = await rollo('corto', facturaConDescuentos());
    const { pages, width, height } = pdfInfo(pdf);
    expect(pages).toBe(1);
    expect(width).toBeCloseTo(226.77, 1);
    // The last word ends above the 8 pt bottom margin, and no more than a few points above it.
    const fin = finDelTexto(pdf);
    expect(fin).toBeLessThanOrEqual(height - 8);
    expect(fin).toBeGreaterThan(height - 16);
  });

  it('prints the whole document in one column, with payment terms, discounts and the timbre legend', async () => {
    const text = pdfTextPlano(await rollo('textos', facturaConDescuentos()));
    for (const expected of [
      'COMERCIAL ÑANDÚ LIMITADA',
      'R.U.T.: 76.086.428-5 FACTURA ELECTRÓNICA N° 7 S.I.I. - PROVIDENCIA',
      'Señor(es): Constructora',
      'Tornillo autorroscante 3 x 4.990 13.473 Desc. 10%: 1.497',
      'Servicio de flete 1 x 12.000 12.500 Rec.: 500',
      'Descuento global (Promoción) 10% Recargo global $ 2.500 Monto neto $ 25.876',
      'Total $ 46.792',
      'Forma de pago: Crédito Vencimiento: 09-04-2025',
      'Pagos programados 25-03-2025: $ 20.000 (Primera cuota) 09-04-2025: $ 26.792',
      'Timbre Electrónico SII Res. 80 de 2014 Verifique documento: www.sii.cl',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('CEDIBLE');
  });

  it('prints the timbre in whole 203 dpi dots, the same across and down, read back as the TED’s bytes', async () => {
    const pdf = await rollo('timbre', facturaConDescuentos());
    const { mm, ppi } = timbreImpreso(pdf);
    expect(ppi).toEqual([203, 203]);
    // SII FAQ 001.380.6277.006: a printed timbre is at least 4,5 x 2 cm, and fits the roll's 74 mm between margins.
    expect(mm[0]).toBeGreaterThanOrEqual(45);
    expect(mm[0]).toBeLessThanOrEqual(74.4);
    expect(mm[1]).toBeGreaterThanOrEqual(20);
    const ted = timbreBytes(tedOficial());
    expect((await decodeTimbre(pdf, dir, 1, 203)).equals(ted)).toBe(true);
    expect((await decodeTimbre(pdf, dir, 1, 300)).equals(ted)).toBe(true);
  }, 30_000);

  it('grows the page for 60 lines and keeps everything on it', async () => {
    const detalle = Array.from({ length: 60 }, (_, i) => ({ nombre: `Articulo numero ${i + 1}`, cantidad: i + 1, precio_unitario: 1000 }));
    const largo = await rollo('largo', facturaConDescuentos({ detalle, pagos: undefined }));
    const corto = pdfInfo(await rollo('corto-2', facturaConDescuentos()));
    const info = pdfInfo(largo);
    expect(info.pages).toBe(1);
    expect(info.height).toBeGreaterThan(corto.height + 60 * 15);
    const text = pdfTextPlano(largo);
    for (let i = 1; i <= 60; i++) expect(text).toContain(`Articulo numero ${i} `);
    expect(text.trim().endsWith('Verifique documento: www.sii.cl')).toBe(true);
    expect((await decodeTimbre(largo, dir)).equals(timbreBytes(tedOficial()))).toBe(true);
  }, 30_000);

  it('has no CEDIBLE copy: asking for one is a DteBuildError', async () => {
    const asked = renderDtePdf(facturaConDescuentos(), { ...OPTIONS, cedible: true });
    await expect(asked).rejects.toThrow(DteBuildError);
    await expect(asked).rejects.toThrow('the thermal roll has no CEDIBLE copy; print it on LETTER (carta)');
  });
});
