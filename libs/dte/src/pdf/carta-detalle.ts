import type { ParsedDte } from '../parsers/received';
import { formatDecimal, formatMonto } from './format';
import { ajustesLinea, cantidadLinea, nombreLinea } from './secciones';

interface Columna {
  key: 'cantidad' | 'detalle' | 'precio' | 'ajustes' | 'monto';
  title: string;
  x: number;
  w: number;
  align: 'left' | 'right';
}

type Celdas = Partial<Record<Columna['key'], string>>;

const CANTIDAD: Columna = { key: 'cantidad', title: 'Cantidad', x: 36, w: 60, align: 'right' };
const MONTO: Columna = { key: 'monto', title: 'Monto', x: 476, w: 100, align: 'right' };
const SIN_AJUSTES: Columna[] = [
  CANTIDAD,
  { key: 'detalle', title: 'Detalle', x: 104, w: 272, align: 'left' },
  { key: 'precio', title: 'Precio unitario', x: 380, w: 90, align: 'right' },
  MONTO,
];
// The discount/surcharge column takes room from the description only when some line has one.
const CON_AJUSTES: Columna[] = [
  CANTIDAD,
  { key: 'detalle', title: 'Detalle', x: 104, w: 196, align: 'left' },
  { key: 'precio', title: 'Precio unitario', x: 304, w: 76, align: 'right' },
  { key: 'ajustes', title: 'Desc./Recargo', x: 384, w: 88, align: 'right' },
  MONTO,
];

/** LETTER 792 pt, 36 pt margin, room for one row. */
const TABLE_BOTTOM = 792 - 36 - 24;

/** A line that does not fit opens a new page, which repeats the header. */
export function detalleCarta(doc: PDFKit.PDFDocument, dte: ParsedDte): void {
  const filas = dte.detalle.map((d): Celdas => ({
    cantidad: cantidadLinea(d),
    detalle: nombreLinea(d),
    precio: d.precio_unitario === undefined ? '' : formatDecimal(d.precio_unitario),
    ajustes: ajustesLinea(d).join('\n'),
    monto: formatMonto(d.monto, dte.otros_totales.moneda?.tipo),
  }));
  const cols = filas.some((f) => f.ajustes) ? CON_AJUSTES : SIN_AJUSTES;
  tableHeader(doc, cols);
  for (const f of filas) {
    if (doc.y > TABLE_BOTTOM) {
      doc.addPage();
      tableHeader(doc, cols);
    }
    tableRow(doc, cols, f);
  }
  doc.y += 6;
}

function tableRow(doc: PDFKit.PDFDocument, cols: Columna[], cells: Celdas, bold = false): void {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
  let bottom = y;
  for (const c of cols) {
    doc.text(cells[c.key] ?? '', c.x, y, { width: c.w, align: c.align });
    bottom = Math.max(bottom, doc.y);
  }
  doc.y = bottom + 2;
}

function tableHeader(doc: PDFKit.PDFDocument, cols: Columna[]): void {
  tableRow(doc, cols, Object.fromEntries(cols.map((c) => [c.key, c.title])), true);
  doc.moveTo(36, doc.y).lineTo(576, doc.y).stroke();
  doc.y += 3;
}
