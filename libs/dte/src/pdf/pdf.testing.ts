import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { officialExample, sampleDocumento, ventaEnDosCuotas } from '../../test/fixtures';
import { buildDte, type DocumentoInput } from '../builders/documento';
import { parseDteDocuments } from '../parsers/received';
import { sliceElements } from '../xml-slice';

// The printed page is read back by independent tools, poppler and ZXing-C++, never by the code that wrote it.

/** From the installed package (it would fetch it from a CDN otherwise). */
export function prepararZxing(): void {
  const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer } });
}

/** ZXing-C++ answers the symbol's bytes, not a string decoded by a guessed charset. */
export async function decodeTimbre(pdf: string, dir: string, page = 1, dpi = 300): Promise<Buffer> {
  const png = join(dir, 'page');
  execFileSync('pdftoppm', ['-r', String(dpi), '-png', '-singlefile', '-f', String(page), '-l', String(page), pdf, png]);
  const [symbol] = await readBarcodes(new Uint8Array(readFileSync(`${png}.png`)), { formats: ['PDF417'], tryHarder: true });
  if (!symbol) throw new Error(`no PDF417 symbol on page ${page} of ${pdf} at ${dpi} dpi`);
  return Buffer.from(symbol.bytes);
}

export const pdfText = (pdf: string) => execFileSync('pdftotext', ['-layout', pdf, '-']).toString('utf8');

export const pdfTextPlano = (pdf: string) => pdfText(pdf).replace(/\s+/g, ' ');

export function pdfInfo(pdf: string): { pages: number; width: number; height: number } {
  const info = execFileSync('pdfinfo', [pdf]).toString();
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
  return { pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]), width: Number(size?.[1]), height: Number(size?.[2]) };
}

/** yMax in points from the top, from `pdftotext -bbox`. */
export function finDelTexto(pdf: string): number {
  const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', pdf, '-']).toString();
  return Math.max(...[...html.matchAll(/yMax="([\d.]+)"/g)].map((m) => Number(m[1])));
}

/** The SII's official example DTE's TED, signed by a real CAF key. */
export const tedOficial = () => sliceElements(parseDteDocuments(officialExample())[0].xml, 'TED')[0];

export function facturaConDescuentos(over: Partial<DocumentoInput> = {}): Buffer {
  const doc = sampleDocumento({
    ...ventaEnDosCuotas(20_000, 26_792),
    detalle: [
      { nombre: 'Tornillo autorroscante', cantidad: 3, precio_unitario: 4990, descuento_pct: 10 },
      { nombre: 'Servicio de flete', cantidad: 1, precio_unitario: 12_000, recargo_monto: 500 },
      { nombre: 'Libro técnico', cantidad: 2, precio_unitario: 8000, exento: true },
    ],
    descuentos_recargos: [
      { tipo: 'D', unidad: '%', valor: 10, aplica: 'afecto', glosa: 'Promoción' },
      { tipo: 'R', unidad: '$', valor: 2500, aplica: 'afecto' },
    ],
    ...over,
  });
  return Buffer.from(buildDte(doc, tedOficial(), '2025-03-10T11:22:33'), 'latin1');
}
