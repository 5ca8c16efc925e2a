import PDFDocument from 'pdfkit';
import { formatRut } from '@lib/rut';
import type { ParsedDte } from '../parsers/received';
import { detalleCarta } from './carta-detalle';
import type { RepresentacionOptions } from './opciones';
import { centrado, collect, pngSize } from './pdf-doc';
import { ACUSE_RECIBO_LEY_19983, contenidoDte, type ContenidoDte, type Fila, type FilaTotal } from './secciones';

const RED = '#c00000';
const M = 36;
const BOTTOM = 792 - M;
/** Earliest start of totals and timbre, so a short document keeps them at the foot. */
const TOP = { totales: 420, timbre: 520 };
// 0.48 pt a symbol pixel: whole dots at 150, 300 and 600 dpi, so modules (0.96 pt, about 0.34 mm) stay sharp.
const TIMBRE_PT_PER_PIXEL = 0.48;
// LibreDTE (src/Sii/Dte/PDF/Dte.php `agregarTimbre`) reads the SII's rules as "con margen izquierdo mínimo de 2 cms".
const TIMBRE_X = (2 / 2.54) * 72;
const LEYENDA_ALTO = 36;
const ACUSE = { x: 336, w: 240, h: 160 };

/** LETTER-size printed DTE (see `renderDtePdf`), with the CEDIBLE copy's acuse de recibo on request. */
export async function renderCarta(dte: ParsedDte, timbre: Buffer, options: RepresentacionOptions): Promise<Buffer> {
  const c = contenidoDte(dte, options.resolucion);
  const doc = new PDFDocument({ size: 'LETTER', margin: M, bufferPages: true, info: { Title: c.titulo } });
  const done = collect(doc);
  header(doc, dte, c, options);
  filas(doc, [...c.receptor, ...c.pago], 150);
  detalleCarta(doc, dte);
  lista(doc, 'Referencias', c.referencias);
  lista(doc, 'Pagos programados', c.pagos);
  // Totals, timbre and acuse go together on the last page.
  if (finDelPie(doc, doc.y, c.totales, timbre, options) > BOTTOM) doc.addPage();
  const bottom = escribirTotales(doc, c.totales);
  timbreBlock(doc, timbre, c.leyenda, bottom);
  if (options.cedible) acuseRecibo(doc, bottom);
  numerarPaginas(doc, c.titulo);
  doc.end();
  return done;
}

function header(doc: PDFKit.PDFDocument, dte: ParsedDte, c: ContenidoDte, options: RepresentacionOptions): void {
  let x = M;
  if (options.logo) {
    doc.image(options.logo, x, M, { fit: [80, 60] });
    x += 90;
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(dte.emisor.razon_social, x, M, { width: 300 - x });
  doc.font('Helvetica').fontSize(8);
  for (const line of c.emisor) doc.text(line, { width: 300 - x });
  const box = { x: 360, y: M, w: 216, h: 84 };
  doc.lineWidth(2).strokeColor(RED).rect(box.x, box.y, box.w, box.h).stroke();
  doc.fillColor(RED).font('Helvetica-Bold').fontSize(12);
  doc.text(`R.U.T.: ${formatRut(dte.emisor.rut)}`, box.x, box.y + 10, { width: box.w, align: 'center' });
  doc.text(c.documento, box.x + 8, box.y + 30, { width: box.w - 16, align: 'center' });
  doc.text(`N° ${dte.folio}`, box.x, box.y + box.h - 22, { width: box.w, align: 'center' });
  doc.fontSize(9).text(`S.I.I. - ${options.oficinaSii.toUpperCase()}`, box.x, box.y + box.h + 4, { width: box.w, align: 'center' });
  doc.fillColor('black').strokeColor('black').lineWidth(1);
}

function filas(doc: PDFKit.PDFDocument, rows: readonly Fila[], top: number): void {
  let y = top;
  doc.fontSize(9);
  for (const [label, value] of rows) {
    doc.font('Helvetica-Bold').text(`${label}:`, M, y, { width: 80 });
    doc.font('Helvetica').text(value, M + 85, y, { width: 455 });
    y = Math.max(y + 13, doc.y);
  }
  doc.y = y + 8;
}

function lista(doc: PDFKit.PDFDocument, titulo: string, lines: string[]): void {
  if (lines.length === 0) return;
  doc.font('Helvetica-Bold').fontSize(8).text(titulo, M, doc.y);
  doc.font('Helvetica');
  for (const line of lines) doc.text(line, M, doc.y, { width: 540 });
  doc.y += 6;
}

const TOTAL_LABEL = { x: 330, w: 140 };

function altoFila(doc: PDFKit.PDFDocument, f: FilaTotal): number {
  doc.font(f.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  return Math.max(14, doc.heightOfString(f.label, { width: TOTAL_LABEL.w }) + 3);
}

function finDelPie(doc: PDFKit.PDFDocument, y: number, totales: FilaTotal[], timbre: Buffer, options: RepresentacionOptions): number {
  const alto = totales.reduce((sum, f) => sum + altoFila(doc, f), 0);
  const top = Math.max(Math.max(y, TOP.totales) + alto + 10, TOP.timbre);
  const timbreAlto = pngSize(timbre).height * TIMBRE_PT_PER_PIXEL + LEYENDA_ALTO;
  return top + Math.max(timbreAlto, options.cedible ? ACUSE.h + 20 : 0);
}

function escribirTotales(doc: PDFKit.PDFDocument, totales: FilaTotal[]): number {
  let y = Math.max(doc.y, TOP.totales);
  for (const f of totales) {
    const alto = altoFila(doc, f);
    doc.text(f.label, TOTAL_LABEL.x, y, { width: TOTAL_LABEL.w });
    doc.text(f.value, 476, y, { width: 100, align: 'right' });
    y += alto;
  }
  return y + 10;
}

function timbreBlock(doc: PDFKit.PDFDocument, png: Buffer, leyenda: readonly string[], top: number): void {
  const y = Math.max(top, TOP.timbre);
  const size = pngSize(png);
  const width = size.width * TIMBRE_PT_PER_PIXEL;
  const height = size.height * TIMBRE_PT_PER_PIXEL;
  doc.image(png, TIMBRE_X, y, { width, height });
  centrado(doc, leyenda, TIMBRE_X, y + height + 4, width);
}

function acuseRecibo(doc: PDFKit.PDFDocument, top: number): void {
  const box = { ...ACUSE, y: Math.max(top, TOP.timbre) };
  doc.rect(box.x, box.y, box.w, box.h).stroke();
  doc.font('Helvetica').fontSize(8);
  let y = box.y + 8;
  for (const label of ['Nombre:', 'R.U.T.:', 'Fecha:', 'Recinto:', 'Firma:']) {
    doc.text(`${label} ________________________________`, box.x + 8, y, { width: box.w - 16 });
    y += 14;
  }
  doc.fontSize(6.5).text(ACUSE_RECIBO_LEY_19983, box.x + 8, y + 4, { width: box.w - 16 });
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text('CEDIBLE', box.x, box.y + box.h + 6, { width: box.w, align: 'right' });
}

function numerarPaginas(doc: PDFKit.PDFDocument, titulo: string): void {
  const { start, count } = doc.bufferedPageRange();
  if (count < 2) return;
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Inside the bottom margin: writing there must not open another page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(7)
      .text(`${titulo} - Página ${i - start + 1} de ${count}`, M, 792 - 24, { width: 540, align: 'right' });
    doc.page.margins.bottom = margin;
  }
}
