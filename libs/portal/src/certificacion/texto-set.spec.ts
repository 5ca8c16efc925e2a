import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { textoSetDePruebas } from './texto-set';

// A real set the SII handed out (docs/research/sources/set-de-pruebas: origin and licence in its README).
const REAL = readFileSync(
  join(__dirname, '../../../../docs/research/sources/set-de-pruebas/msi-addons-18-SIISetDePruebas776265543_2.utf8.txt'),
  'utf8',
);

describe('textoSetDePruebas', () => {
  it('keeps a text answer, with LF line ends', () => {
    const text = textoSetDePruebas(REAL.replace(/\n/g, '\r\n')) as string;
    expect(text).toContain('SET BASICO - NUMERO DE ATENCION: 4737990');
    expect(text).not.toContain('\r');
  });

  it('takes the text out of an HTML answer', () => {
    const html = `<html><body><pre>${REAL.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</pre></body></html>`;
    expect(textoSetDePruebas(html)).toContain('CASO 4737990-1');
  });

  it('is undefined for a page without a set (an error page)', () => {
    expect(textoSetDePruebas('<html><body><p>Empresa no autorizada</p></body></html>')).toBeUndefined();
  });
});
