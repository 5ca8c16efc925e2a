import { buildLibroGuia, encodeLatin1, parseXmlDocument, type LibroGuiaInput } from '@lib/dte';
import { makeTestCertificate, signXml } from '../test/helpers';
import { EMISOR, caratulaLibro } from '../test/envio';
import { judgeLibro } from './libro-upload';

// The stand-in's LibroGuia rules, judged on a book the gateway's builder writes and on copies edited by hand before signing.
const cert = makeTestCertificate('12345678-5');

const guia = (folio: number, indTraslado: number, total: number) => ({
  folio,
  indTraslado,
  fecha: '2026-10-05',
  rut: '96874030-K',
  razonSocial: 'Cliente SA',
  neto: total,
  iva: 0,
  total,
});

const { tipoOperacion: _sinTipoOperacion, tipoLibro: _especial, ...caratula } = caratulaLibro(cert.rut, 'VENTA');
const libro: LibroGuiaInput = {
  id: 'LIBRO_1',
  caratula: { ...caratula, folioNotificacion: 77 },
  detalle: [guia(1, 1, 11_900), guia(2, 5, 5_000), { ...guia(3, 1, 1_000), anulado: 2 }, guia(4, 9, 2_000), guia(5, 5, 3_000)],
  tmstFirma: '2026-11-01T10:00:00',
};

async function judge(xml: string, rutEmisor = EMISOR) {
  const signed = signXml(xml, cert, '#LIBRO_1');
  return judgeLibro(encodeLatin1(signed), signed, parseXmlDocument(signed), cert.rut, rutEmisor);
}

function edit(xml: string, from: string, to: string): string {
  expect(xml).toContain(from);
  return xml.replace(from, to);
}

describe('judgeLibro (LibroGuia)', () => {
  it('accepts a book whose summary follows from its guías (LOK)', async () => {
    expect(await judge(buildLibroGuia(libro))).toEqual({ finalState: 'LOK' });
  });

  it.each([
    ['a voided guía counted as a sale', '<TotGuiaVenta>1</TotGuiaVenta>', '<TotGuiaVenta>2</TotGuiaVenta>', 'TotGuiaVenta 2 distinto de 1'],
    ['a sales amount off by one peso', '<TotMntGuiaVta>11900</TotMntGuiaVta>', '<TotMntGuiaVta>11901</TotMntGuiaVta>', 'TotMntGuiaVta'],
    ['a transfer amount off', '<MntGuia>8000</MntGuia>', '<MntGuia>5000</MntGuia>', 'MntGuia (TpoTraslado 5) 5000 distinto de 8000'],
    [
      'an export transfer counted twice',
      '<CantGuia>1</CantGuia>',
      '<CantGuia>2</CantGuia>',
      'CantGuia (TpoTraslado 8 y 9) 2 distinto de 1',
    ],
    ['an export amount off', '<MntGuia>2000</MntGuia>', '<MntGuia>2500</MntGuia>', 'MntGuia (TpoTraslado 8 y 9) 2500 distinto de 2000'],
    ['no voided guía declared', '<TotGuiaAnulada>1</TotGuiaAnulada>', '', 'TotGuiaAnulada 0 distinto de 1'],
  ])('refuses %s (LRH Libro No Cuadrado)', async (_caso, from, to, glosa) => {
    const verdict = await judge(edit(buildLibroGuia(libro), from, to));
    expect(verdict).toEqual({ finalState: 'LRH', rejection: expect.stringContaining(`Libro No Cuadrado: ${glosa}`) });
  });

  it('refuses what LibroGuia_v10.xsd refuses (STATUS 7): a TipoLibro other than ESPECIAL', async () => {
    const verdict = await judge(edit(buildLibroGuia(libro), '<TipoLibro>ESPECIAL</TipoLibro>', '<TipoLibro>MENSUAL</TipoLibro>'));
    expect(verdict).toMatchObject({ status: 7 });
  });

  it('refuses a book of another company (LRH Libro Rechazado)', async () => {
    expect(await judge(buildLibroGuia(libro), '11111111-1')).toEqual({
      finalState: 'LRH',
      rejection: 'Libro Rechazado: RutEmisorLibro distinto de la empresa',
    });
  });
});
