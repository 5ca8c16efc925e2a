/** The bytes of a pdfkit document once `end()` is called (call it after this). */
export function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

export function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** 8 pt, first line bold (the timbre's legend); returns the y below. */
export function centrado(doc: PDFKit.PDFDocument, lines: readonly string[], x: number, y: number, width: number): number {
  doc.fontSize(8);
  lines.forEach((line, i) => {
    doc.font(i === 0 ? 'Helvetica-Bold' : 'Helvetica').text(line, x, i === 0 ? y : doc.y, { width, align: 'center' });
  });
  return doc.y;
}
