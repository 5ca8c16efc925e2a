import PDFDocument from 'pdfkit';
import { formatRut } from '@lib/rut';
import { DteBuildError } from '../errors';
import type { ParsedDte } from '../parsers/received';
import { formatDecimal, formatMonto } from './format';
import type { RepresentacionOptions } from './opciones';
import { centrado, collect, pngSize } from './pdf-doc';
import { ajustesLinea, cantidadLinea, contenidoDte, nombreLinea, type ContenidoDte, type Fila, type FilaTotal } from './secciones';

export const ANCHO_TERMICA = (80 / 25.4) * 72;
const MARGEN = 8;
const W = ANCHO_TERMICA - 2 * MARGEN;
/** The longest page side PDF viewers accept (ISO 32000-1 Annex C: 14 400 units, 5 m). */
const ALTO_MAXIMO = 14_400;
// One dot of a 203 dpi head, common on 80 mm printers.
const PUNTO_203_DPI = 72 / 203;
const COLUMNA_MONTO = 70;
const TEXTO = 7.5;

/** One 80 mm page as long as its content: pdfkit fixes the size at opening, so the content is laid out once to measure. @throws DteBuildError */
export async function renderTermica(dte: ParsedDte, timbre: Buffer, options: RepresentacionOptions): Promise<Buffer> {
  const c = contenidoDte(dte, options.resolucion);
  const alto = medir(dte, c, timbre, options);
  const doc = rollo(alto, c.titulo);
  const done = collect(doc);
  dibujar(doc, dte, c, timbre, options);
  doc.end();
  return done;
}

function rollo(alto: number, titulo: string): PDFKit.PDFDocument {
  return new PDFDocument({ size: [ANCHO_TERMICA, alto], margin: MARGEN, info: { Title: titulo } });
}

function medir(dte: ParsedDte, c: ContenidoDte, timbre: Buffer, options: RepresentacionOptions): number {
  const doc = rollo(ALTO_MAXIMO, c.titulo);
  let paginas = 1;
  doc.on('pageAdded', () => paginas++);
  const fin = dibujar(doc, dte, c, timbre, options);
  if (paginas > 1) throw new DteBuildError(`DTE ${dte.tipo_dte} N° ${dte.folio} is too long for a thermal roll; print it on LETTER`);
  // One point of slack: pdfkit opens a new page when a line would end past the bottom margin.
  return Math.ceil(fin + MARGEN + 1);
}

function dibujar(doc: PDFKit.PDFDocument, dte: ParsedDte, c: ContenidoDte, timbre: Buffer, options: RepresentacionOptions): number {
  doc.y = MARGEN;
  if (options.logo) logo(doc, options.logo);
  emisor(doc, dte, c.emisor);
  recuadro(doc, dte, c.documento, options.oficinaSii);
  filas(doc, c.receptor);
  detalle(doc, dte);
  lista(doc, 'Referencias', c.referencias);
  totales(doc, c.totales);
  filas(doc, c.pago);
  lista(doc, 'Pagos programados', c.pagos);
  return timbreBlock(doc, timbre, c.leyenda);
}

const LOGO_ALTO = 48;

function logo(doc: PDFKit.PDFDocument, image: Buffer): void {
  doc.image(image, MARGEN, doc.y, { fit: [W, LOGO_ALTO], align: 'center', valign: 'center' });
  doc.y += LOGO_ALTO + 4;
}

function emisor(doc: PDFKit.PDFDocument, dte: ParsedDte, lineas: string[]): void {
  doc.font('Helvetica-Bold').fontSize(9).text(dte.emisor.razon_social, MARGEN, doc.y, { width: W, align: 'center' });
  doc.font('Helvetica').fontSize(7);
  for (const line of lineas) doc.text(line, MARGEN, doc.y, { width: W, align: 'center' });
}

/** The box of the SII's rules for printed samples (red on LETTER; black on a roll). */
function recuadro(doc: PDFKit.PDFDocument, dte: ParsedDte, documento: string, oficinaSii: string): void {
  const top = doc.y + 6;
  let y = top + 6;
  doc.font('Helvetica-Bold').fontSize(10);
  for (const line of [`R.U.T.: ${formatRut(dte.emisor.rut)}`, documento, `N° ${dte.folio}`]) {
    doc.text(line, MARGEN + 6, y, { width: W - 12, align: 'center' });
    y = doc.y + 2;
  }
  doc
    .lineWidth(1.5)
    .rect(MARGEN, top, W, y + 4 - top)
    .stroke()
    .lineWidth(1);
  doc.fontSize(8).text(`S.I.I. - ${oficinaSii.toUpperCase()}`, MARGEN, y + 8, { width: W, align: 'center' });
  doc.y += 6;
}

function filas(doc: PDFKit.PDFDocument, rows: readonly Fila[]): void {
  for (const [label, value] of rows) {
    doc.font('Helvetica-Bold').fontSize(TEXTO).text(`${label}: `, MARGEN, doc.y, { width: W, continued: true });
    doc.font('Helvetica').text(value);
  }
  doc.y += 4;
}

function separador(doc: PDFKit.PDFDocument): void {
  doc
    .moveTo(MARGEN, doc.y)
    .lineTo(MARGEN + W, doc.y)
    .lineWidth(0.5)
    .stroke()
    .lineWidth(1);
  doc.y += 3;
}

function dosColumnas(doc: PDFKit.PDFDocument, izquierda: string, derecha: string, bold = false): void {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(TEXTO);
  doc.text(izquierda, MARGEN, y, { width: W - COLUMNA_MONTO - 4 });
  const bottom = doc.y;
  doc.text(derecha, MARGEN + W - COLUMNA_MONTO, y, { width: COLUMNA_MONTO, align: 'right' });
  doc.y = Math.max(bottom, doc.y) + 1;
}

function detalle(doc: PDFKit.PDFDocument, dte: ParsedDte): void {
  separador(doc);
  dosColumnas(doc, 'Detalle', 'Monto', true);
  separador(doc);
  for (const d of dte.detalle) {
    doc.font('Helvetica').fontSize(TEXTO).text(nombreLinea(d), MARGEN, doc.y, { width: W });
    const precio = d.precio_unitario === undefined ? '' : formatDecimal(d.precio_unitario);
    dosColumnas(doc, [cantidadLinea(d), precio].filter(Boolean).join(' x '), formatMonto(d.monto, dte.otros_totales.moneda?.tipo));
    for (const ajuste of ajustesLinea(d)) doc.text(ajuste, MARGEN + 8, doc.y, { width: W - 8 });
  }
  separador(doc);
}

function lista(doc: PDFKit.PDFDocument, titulo: string, lines: string[]): void {
  if (lines.length === 0) return;
  doc.font('Helvetica-Bold').fontSize(TEXTO).text(titulo, MARGEN, doc.y, { width: W });
  doc.font('Helvetica');
  for (const line of lines) doc.text(line, MARGEN, doc.y, { width: W });
  doc.y += 4;
}

function totales(doc: PDFKit.PDFDocument, rows: FilaTotal[]): void {
  for (const f of rows) dosColumnas(doc, f.label, f.value, f.bold);
  separador(doc);
}

// Whole 203 dpi dots per symbol pixel keep modules equal, which PDF417 readers need; the symbol is about 70 mm wide, above the SII's
// minimum (FAQ 001.380.6277.006: 2 x 4,5 cm at more than 200 dpi).
function ptPorPixel(pixels: number): number {
  const dots = Math.floor(W / (pixels * PUNTO_203_DPI));
  return dots >= 1 ? dots * PUNTO_203_DPI : W / pixels;
}

function timbreBlock(doc: PDFKit.PDFDocument, png: Buffer, leyenda: readonly string[]): number {
  const size = pngSize(png);
  const escala = ptPorPixel(size.width);
  const width = size.width * escala;
  const height = size.height * escala;
  const y = doc.y + 8;
  doc.image(png, MARGEN + (W - width) / 2, y, { width, height });
  return centrado(doc, leyenda, MARGEN, y + height + 4, W);
}
