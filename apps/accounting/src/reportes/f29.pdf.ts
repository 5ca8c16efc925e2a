import PDFDocument from 'pdfkit';
import { collectPdf, formatPesos } from '@lib/dte';
import type { F29BorradorView } from './dto/f29-borrador.view';

/** The códigos that count documents or are a percent, not pesos. */
const NO_PESOS: Record<string, (v: number) => string> = {
  '503': String,
  '512': String,
  '509': String,
  '519': String,
  '531': String,
  '527': String,
  '115': (v) => `${String(v).replace('.', ',')} %`,
};

/** The F29 draft as a letter-size PDF: the empresa, the period, the warning and the códigos in the form's order (Helvetica, Spanish). */
export async function f29Pdf(f: F29BorradorView, empresa: { rut: string; razon_social: string }): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: `Borrador F29 ${f.periodo} ${empresa.rut}` } });
  const done = collectPdf(doc);
  doc.font('Helvetica-Bold').fontSize(14).text(`Borrador del Formulario 29 · período ${f.periodo}`);
  doc.font('Helvetica').fontSize(10).text(`${empresa.razon_social} · RUT ${empresa.rut}`).moveDown(0.5);
  doc.fontSize(8).fillColor('#444').text(f.aviso).fillColor('#000').moveDown();
  doc.fontSize(9);
  for (const c of f.codigos) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(c.codigo, 50, y, { width: 40 });
    doc.font('Helvetica').text(c.glosa, 95, y, { width: 330 });
    const valor = NO_PESOS[c.codigo]?.(c.valor) ?? `$${formatPesos(c.valor)}`;
    doc.text(valor, 430, y, { width: 130, align: 'right' });
    doc.moveDown(0.3);
  }
  if (!f.remanente_reajustado) doc.moveDown().fontSize(8).text('El remanente (504) no está reajustado: falta la UTM de algún mes.');
  doc.end();
  return done;
}
