/** The whole output of a pdfkit document, once `end()` is called. */
export function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** Width and height in pixels of a PNG (its IHDR). */
export function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/**
 * Writes `lines` centered in `width` from (x, y) in 8 pt, the first bold; returns the y below them.
 * Used for the legend under the timbre.
 */
export function centrado(doc: PDFKit.PDFDocument, lines: readonly string[], x: number, y: number, width: number): number {
  doc.fontSize(8);
  lines.forEach((line, i) => {
    doc.font(i === 0 ? 'Helvetica-Bold' : 'Helvetica').text(line, x, i === 0 ? y : doc.y, { width, align: 'center' });
  });
  return doc.y;
}
