import PDFDocument from 'pdfkit';
import { formatRut } from '@lib/rut';
import { DteBuildError } from '../errors';
import { ParsedDte, parseDteDocuments } from '../parsers/received';
import { sliceElements } from '../xml-slice';
import { NOMBRE_DOCUMENTO, formatDecimal, formatFecha, formatPesos } from './format';
import { timbrePdf417 } from './timbre';

/** What the printed document needs besides the DTE itself. */
export interface RepresentacionOptions {
  /** The issuer's SII resolution (FchResol YYYY-MM-DD, NroResol; 0 in certification). */
  resolucion: { fecha: string; numero: number };
  /** The SII office of the issuer, printed under the red box (`S.I.I. - SANTIAGO CENTRO`). */
  oficinaSii: string;
  /** The "CEDIBLE" copy with the acuse de recibo (33 and 34 only; Ley 19.983). */
  cedible?: boolean;
  /** PNG or JPEG logo of the issuer. */
  logo?: Buffer;
}

/** Ley 19.983 art. 4 b) and 5 c): the text of the acuse de recibo on the cedible copy. */
export const ACUSE_RECIBO_LEY_19983 =
  'El acuse de recibo que se declara en este acto, de acuerdo a lo dispuesto en la letra b) del Art. 4°, y la letra c) del ' +
  'Art. 5° de la Ley 19.983, acredita que la entrega de mercaderías o servicio(s) prestado(s) ha(n) sido recibido(s).';

const RED = '#c00000';
const PAGE = { size: 'LETTER' as const, margin: 36 };
/** The lowest y a line of the table may start at (LETTER is 792 pt high, 36 pt margin, room for one row). */
const TABLE_BOTTOM = 792 - 36 - 24;
/** Room the totals, the timbre and its legend need below the table (the acuse de recibo box is beside them). */
const BOTTOM_BLOCK = 240;

/**
 * The printed representation of one DTE (33, 34, 56, 61) as the SII's rules for printed samples ask
 * (docs/research/sii-protocol.md §3.3 and §10 "muestras impresas"): the red box with the issuer's RUT,
 * the document name and folio and the SII office; issuer and receiver; lines; references; totals; the
 * timbre as PDF417 (ECL 5) with "Timbre Electrónico SII", the resolution and "Verifique documento:
 * www.sii.cl"; on request the CEDIBLE copy of a 33 or 34 with the acuse de recibo. Amounts in CLP.
 * @param dteXml a DTE, or an EnvioDTE (its first DTE is printed), as bytes or text.
 * @returns the PDF bytes.
 * @throws DteParseError for input that is not a DTE; DteBuildError for a DTE without TED, or CEDIBLE
 *   asked for a note.
 */
export async function renderDtePdf(dteXml: string | Buffer, options: RepresentacionOptions): Promise<Buffer> {
  const [dte] = parseDteDocuments(dteXml);
  const ted = sliceElements(dte.xml, 'TED')[0];
  if (!ted) throw new DteBuildError(`DTE ${dte.tipo_dte} N° ${dte.folio} has no TED: nothing to print as the timbre`);
  if (options.cedible && dte.tipo_dte !== 33 && dte.tipo_dte !== 34) {
    throw new DteBuildError('only a factura (33 or 34) has a CEDIBLE copy');
  }
  const timbre = await timbrePdf417(ted);
  const doc = new PDFDocument({
    ...PAGE,
    bufferPages: true,
    info: { Title: `${NOMBRE_DOCUMENTO[dte.tipo_dte] ?? `DTE ${dte.tipo_dte}`} N° ${dte.folio}` },
  });
  const done = collect(doc);
  header(doc, dte, options);
  receptor(doc, dte);
  detalle(doc, dte);
  referencias(doc, dte);
  // Totals, timbre and acuse go together on the last page: a new one when the lines left no room.
  if (doc.y > 792 - 36 - BOTTOM_BLOCK) doc.addPage();
  const bottom = totales(doc, dte);
  timbreBlock(doc, timbre, options, bottom);
  if (options.cedible) acuseRecibo(doc, bottom);
  numerarPaginas(doc, dte);
  doc.end();
  return done;
}

/** "Página n de m" with the document's name and folio at the foot of every page of a document of several. */
function numerarPaginas(doc: PDFKit.PDFDocument, dte: ParsedDte): void {
  const { start, count } = doc.bufferedPageRange();
  if (count < 2) return;
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const nombre = `${NOMBRE_DOCUMENTO[dte.tipo_dte] ?? `DTE ${dte.tipo_dte}`} N° ${dte.folio}`;
    // Inside the bottom margin: writing there must not open another page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(7)
      .text(`${nombre} - Página ${i - start + 1} de ${count}`, 36, 792 - 24, { width: 540, align: 'right' });
    doc.page.margins.bottom = margin;
  }
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

function header(doc: PDFKit.PDFDocument, dte: ParsedDte, options: RepresentacionOptions): void {
  const e = dte.emisor;
  let x = PAGE.margin;
  if (options.logo) {
    doc.image(options.logo, x, PAGE.margin, { fit: [80, 60] });
    x += 90;
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(e.razon_social, x, PAGE.margin, { width: 300 - x });
  doc.font('Helvetica').fontSize(8);
  for (const line of [e.giro, e.direccion, [e.comuna, e.ciudad].filter(Boolean).join(', ')]) if (line) doc.text(line, { width: 300 - x });
  // The red box: RUT, document name, folio (SII rules for printed samples).
  const box = { x: 360, y: PAGE.margin, w: 216, h: 84 };
  doc.lineWidth(2).strokeColor(RED).rect(box.x, box.y, box.w, box.h).stroke();
  doc.fillColor(RED).font('Helvetica-Bold').fontSize(12);
  doc.text(`R.U.T.: ${formatRut(e.rut)}`, box.x, box.y + 10, { width: box.w, align: 'center' });
  doc.text(NOMBRE_DOCUMENTO[dte.tipo_dte] ?? `DTE ${dte.tipo_dte}`, box.x + 8, box.y + 30, { width: box.w - 16, align: 'center' });
  doc.text(`N° ${dte.folio}`, box.x, box.y + box.h - 22, { width: box.w, align: 'center' });
  doc.fontSize(9).text(`S.I.I. - ${options.oficinaSii.toUpperCase()}`, box.x, box.y + box.h + 4, { width: box.w, align: 'center' });
  doc.fillColor('black').strokeColor('black').lineWidth(1);
}

function receptor(doc: PDFKit.PDFDocument, dte: ParsedDte): void {
  const r = dte.receptor;
  const rows: [string, string | undefined][] = [
    ['Señor(es)', r.razon_social],
    ['R.U.T.', formatRut(r.rut)],
    ['Giro', r.giro],
    ['Dirección', r.direccion],
    ['Comuna', [r.comuna, r.ciudad].filter(Boolean).join(', ')],
    ['Fecha emisión', formatFecha(dte.fecha_emision)],
    ['Vencimiento', dte.fecha_vencimiento ? formatFecha(dte.fecha_vencimiento) : undefined],
  ];
  let y = 150;
  doc.fontSize(9);
  for (const [label, value] of rows) {
    if (!value) continue;
    doc.font('Helvetica-Bold').text(`${label}:`, PAGE.margin, y, { width: 80 });
    doc.font('Helvetica').text(value, PAGE.margin + 85, y, { width: 455 });
    y += 13;
  }
  doc.y = y + 8;
}

const COLS = [
  { key: 'cantidad', title: 'Cantidad', x: 36, w: 60, align: 'right' as const },
  { key: 'detalle', title: 'Detalle', x: 104, w: 272, align: 'left' as const },
  { key: 'precio', title: 'Precio unitario', x: 380, w: 90, align: 'right' as const },
  { key: 'monto', title: 'Monto', x: 476, w: 100, align: 'right' as const },
];

function tableRow(doc: PDFKit.PDFDocument, cells: Record<string, string>, bold = false): void {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
  let bottom = y;
  for (const c of COLS) {
    doc.text(cells[c.key] ?? '', c.x, y, { width: c.w, align: c.align });
    bottom = Math.max(bottom, doc.y);
  }
  doc.y = bottom + 2;
}

function tableHeader(doc: PDFKit.PDFDocument): void {
  tableRow(doc, { cantidad: 'Cantidad', detalle: 'Detalle', precio: 'Precio unitario', monto: 'Monto' }, true);
  doc.moveTo(36, doc.y).lineTo(576, doc.y).stroke();
  doc.y += 3;
}

/** The lines; a line that would not fit opens a new page, which repeats the table header. */
function detalle(doc: PDFKit.PDFDocument, dte: ParsedDte): void {
  tableHeader(doc);
  for (const d of dte.detalle) {
    if (doc.y > TABLE_BOTTOM) {
      doc.addPage();
      tableHeader(doc);
    }
    const nombre = [d.nombre, d.descripcion].filter(Boolean).join(' - ') + (d.exento ? ' (exento)' : '');
    tableRow(doc, {
      cantidad: d.cantidad === undefined ? '' : `${formatDecimal(d.cantidad)}${d.unidad ? ` ${d.unidad}` : ''}`,
      detalle: nombre,
      precio: d.precio_unitario === undefined ? '' : formatDecimal(d.precio_unitario),
      monto: formatPesos(d.monto),
    });
  }
  doc.y += 6;
}

function referencias(doc: PDFKit.PDFDocument, dte: ParsedDte): void {
  if (dte.referencias.length === 0) return;
  doc.font('Helvetica-Bold').fontSize(8).text('Referencias', 36, doc.y);
  doc.font('Helvetica');
  for (const r of dte.referencias) {
    const parts = [
      `Tipo ${r.tipo_doc} N° ${r.folio}`,
      r.fecha ? `del ${formatFecha(r.fecha)}` : '',
      r.codigo ? `(código ${r.codigo})` : '',
      r.razon ?? '',
    ];
    doc.text(parts.filter(Boolean).join(' '), 36, doc.y, { width: 540 });
  }
  doc.y += 6;
}

/** The totals box; returns the y where the bottom blocks start. */
function totales(doc: PDFKit.PDFDocument, dte: ParsedDte): number {
  const m = dte.montos;
  const rows: [string, number][] = [];
  if (m.neto) rows.push(['Monto neto', m.neto]);
  if (m.exento) rows.push(['Monto exento', m.exento]);
  if (m.neto || m.iva) rows.push([`IVA ${m.tasa_iva || 19}%`, m.iva]);
  // Each additional tax with its code and rate in the title (Formato DTE v2.2 §B field 115, note 6).
  for (const i of m.impuestos_adicionales) rows.push([`Imp. adic. ${i.codigo} ${String(i.tasa).replace('.', ',')}%`, i.monto]);
  if (m.garantia_envases) rows.push(['Garantía envases', m.garantia_envases]);
  rows.push(['Total', m.total]);
  if (m.no_facturable) rows.push(['Monto no facturable', m.no_facturable]);
  let y = Math.max(doc.y, 420);
  doc.fontSize(9);
  for (const [label, value] of rows) {
    doc.font(label === 'Total' ? 'Helvetica-Bold' : 'Helvetica').text(label, 380, y, { width: 110 });
    doc.text(`$ ${formatPesos(value)}`, 476, y, { width: 100, align: 'right' });
    y += 14;
  }
  return y + 10;
}

// One symbol pixel (half a module) is 0.48 pt: a whole number of dots at 150, 300 and 600 dpi, so the
// printed modules stay sharp (a module is 0.96 pt, about 0.34 mm).
const TIMBRE_PT_PER_PIXEL = 0.48;

function timbreBlock(doc: PDFKit.PDFDocument, png: Buffer, options: RepresentacionOptions, top: number): void {
  const y = Math.max(top, 520);
  const width = png.readUInt32BE(16) * TIMBRE_PT_PER_PIXEL; // PNG IHDR width and height
  const height = png.readUInt32BE(20) * TIMBRE_PT_PER_PIXEL;
  doc.image(png, 36, y, { width, height });
  doc
    .font('Helvetica-Bold')
    .fontSize(8)
    .text('Timbre Electrónico SII', 36, y + height + 4, { width, align: 'center' });
  doc.font('Helvetica').text(`Res. ${options.resolucion.numero} de ${options.resolucion.fecha.slice(0, 4)}`, { width, align: 'center' });
  doc.text('Verifique documento: www.sii.cl', { width, align: 'center' });
}

function acuseRecibo(doc: PDFKit.PDFDocument, top: number): void {
  const box = { x: 326, y: Math.max(top, 520), w: 250, h: 160 };
  doc.rect(box.x, box.y, box.w, box.h).stroke();
  doc.font('Helvetica').fontSize(8);
  let y = box.y + 8;
  for (const label of ['Nombre:', 'R.U.T.:', 'Fecha:', 'Recinto:', 'Firma:']) {
    doc.text(`${label} ____________________________________`, box.x + 8, y, { width: box.w - 16 });
    y += 14;
  }
  doc.fontSize(6.5).text(ACUSE_RECIBO_LEY_19983, box.x + 8, y + 4, { width: box.w - 16 });
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text('CEDIBLE', box.x, box.y + box.h + 6, { width: box.w, align: 'right' });
}
