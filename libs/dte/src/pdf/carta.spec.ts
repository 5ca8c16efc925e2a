import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeTimbre, facturaConDescuentos, pdfInfo, pdfTextPlano, prepararZxing, tedOficial } from './pdf.testing';
import { renderDtePdf } from './render';
import { timbreBytes } from './timbre';

// The LETTER page of a factura on credit with line and global discounts and surcharges, read back by poppler and ZXing.
const OPTIONS = { resolucion: { fecha: '2014-08-22', numero: 80 }, oficinaSii: 'Providencia' };
let dir: string;
let pdf: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dte-carta-'));
  prepararZxing();
  pdf = join(dir, 'carta.pdf');
  writeFileSync(pdf, await renderDtePdf(facturaConDescuentos(), OPTIONS));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('renderDtePdf carta: payment terms, discounts and surcharges', () => {
  it('prints the forma de pago as text, the vencimiento and the payment schedule', () => {
    const text = pdfTextPlano(pdf);
    expect(text).toContain('Forma de pago: Crédito');
    expect(text).toContain('Vencimiento: 09-04-2025');
    expect(text).toContain('Pagos programados');
    expect(text).toContain('25-03-2025: $ 20.000 (Primera cuota)');
    expect(text).toContain('09-04-2025: $ 26.792');
  });

  it('prints each line’s discount and surcharge in its own column, with the line amount after them', () => {
    const text = pdfTextPlano(pdf);
    expect(text).toContain('Desc./Recargo');
    // 3 × 4.990 = 14.970, 10 % = 1.497, MontoItem 13.473; 12.000 + 500 = 12.500.
    expect(text).toMatch(/Tornillo autorroscante 4\.990 Desc\. 10%: 1\.497 13\.473/);
    expect(text).toMatch(/Servicio de flete 12\.000 Rec\.: 500 12\.500/);
  });

  it('prints the global discount and surcharge in the totals block, then totals that include them', () => {
    const text = pdfTextPlano(pdf);
    expect(text).toContain('Descuento global (Promoción) 10%');
    expect(text).toContain('Recargo global $ 2.500');
    // Neto: 13.473 + 12.500 = 25.973, less 10 % (2.597) plus 2.500 = 25.876; IVA 4.916; exento 16.000.
    expect(text).toContain('Monto neto $ 25.876');
    expect(text).toContain('Monto exento $ 16.000');
    expect(text).toContain('IVA 19% $ 4.916');
    expect(text).toContain('Total $ 46.792');
    expect(text.indexOf('Descuento global')).toBeLessThan(text.indexOf('Monto neto'));
  });

  it('keeps the timbre readable and its legend with the issuer’s resolution, on one LETTER page', async () => {
    expect(pdfInfo(pdf)).toMatchObject({ pages: 1, width: 612, height: 792 });
    expect((await decodeTimbre(pdf, dir)).equals(timbreBytes(tedOficial()))).toBe(true);
    expect(pdfTextPlano(pdf)).toContain('Timbre Electrónico SII Res. 80 de 2014 Verifique documento: www.sii.cl');
  }, 30_000);
});
