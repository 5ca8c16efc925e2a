import { generateSigner, signXml } from '../../test/fixtures';
import { DteBuildError } from '../errors';
import { encodeLatin1 } from '../xml/encoding';
import { validateXsd } from '../xsd';
import { buildLibroGuia, type LibroGuiaInput } from './libro-guia';

const guia = (folio: number, indTraslado: number, neto: number, iva: number) => ({
  folio,
  indTraslado,
  fecha: '2025-03-10',
  rut: '96874030-K',
  razonSocial: 'Distribuidora Los Andes Limitada',
  neto,
  tasaIva: iva > 0 ? 19 : null,
  iva,
  total: neto + iva,
});

/** The tenant's resolution and a whole book in one send (TipoEnvio TOTAL). */
const RESOLUCION = { fchResol: '2024-11-05', nroResol: 0, tipoEnvio: 'TOTAL' as const };

const libro: LibroGuiaInput = {
  id: 'LIBRO_GUIA_2025_03',
  caratula: {
    rutEmisorLibro: '76086428-5',
    rutEnvia: '11111111-1',
    periodoTributario: '2025-03',
    ...RESOLUCION,
    folioNotificacion: 4758676,
  },
  detalle: [
    { ...guia(1, 1, 100_000, 19_000), referencia: { tipoDoc: 33, folio: 501, fecha: '2025-03-20' } },
    guia(2, 5, 50_000, 0),
    { ...guia(3, 1, 10_000, 1_900), anulado: 2 },
    { ...guia(4, 1, 0, 0), anulado: 1 },
    guia(5, 8, 30_000, 0),
    guia(6, 5, 20_000, 0),
  ],
  tmstFirma: '2025-04-02T10:00:00',
};

describe('buildLibroGuia', () => {
  it('sums the valid sales apart, each other IndTraslado in its TotTraslado, voided folios and guías only as voided', () => {
    // By hand: sale folio 1 (119,000); transfers 5: folios 2 and 6 (70,000); 8: folio 5 (30,000); folio 3 voided after sending, 4 before.
    expect(buildLibroGuia(libro)).toContain(
      '<ResumenPeriodo><TotFolAnulado>1</TotFolAnulado><TotGuiaAnulada>1</TotGuiaAnulada><TotGuiaVenta>1</TotGuiaVenta>' +
        '<TotMntGuiaVta>119000</TotMntGuiaVta>' +
        '<TotTraslado><TpoTraslado>5</TpoTraslado><CantGuia>2</CantGuia><MntGuia>70000</MntGuia></TotTraslado>' +
        '<TotTraslado><TpoTraslado>8</TpoTraslado><CantGuia>1</CantGuia><MntGuia>30000</MntGuia></TotTraslado></ResumenPeriodo>',
    );
  });

  it('writes a special book without TipoOperacion, and each guía in the schema order with the factura that invoiced it', () => {
    const xml = buildLibroGuia(libro);
    expect(xml).toContain(
      '<NroResol>0</NroResol><TipoLibro>ESPECIAL</TipoLibro><TipoEnvio>TOTAL</TipoEnvio><FolioNotificacion>4758676</FolioNotificacion>',
    );
    expect(xml).not.toContain('TipoOperacion');
    expect(xml).toContain(
      '<Detalle><Folio>1</Folio><TpoOper>1</TpoOper><FchDoc>2025-03-10</FchDoc><RUTDoc>96874030-K</RUTDoc>' +
        '<RznSoc>Distribuidora Los Andes Limitada</RznSoc><MntNeto>100000</MntNeto><TasaImp>19</TasaImp><IVA>19000</IVA>' +
        '<MntTotal>119000</MntTotal><TpoDocRef>33</TpoDocRef><FolioDocRef>501</FolioDocRef><FchDocRef>2025-03-20</FchDocRef></Detalle>',
    );
    expect(xml).toContain('<Detalle><Folio>3</Folio><Anulado>2</Anulado><TpoOper>1</TpoOper>');
    expect(xml).toContain('<Detalle><Folio>4</Folio><Anulado>1</Anulado></Detalle>');
    // LibroGuia_v10.xsd Detalle/TpoOper enumerates 1-7: an export transfer (8) is counted in TotTraslado only.
    expect(xml).toContain('<Detalle><Folio>5</Folio><FchDoc>');
  });

  it('validates against LibroGuia_v10.xsd once signed, also with no guía at all', async () => {
    const signer = generateSigner();
    const signed = signXml(buildLibroGuia(libro), 'LIBRO_GUIA_2025_03', signer);
    expect(await validateXsd(encodeLatin1(signed), 'LibroGuia')).toEqual({ valid: true, errors: [] });
    const vacio = buildLibroGuia({ ...libro, detalle: [] });
    expect(vacio).toContain('<ResumenPeriodo><TotGuiaVenta>0</TotGuiaVenta><TotMntGuiaVta>0</TotMntGuiaVta></ResumenPeriodo>');
    expect(await validateXsd(encodeLatin1(signXml(vacio, 'LIBRO_GUIA_2025_03', signer)), 'LibroGuia')).toEqual({ valid: true, errors: [] });
  });

  it('refuses an IndTraslado outside 1..9, a bad periodo and a missing notification folio', () => {
    expect(() => buildLibroGuia({ ...libro, detalle: [guia(1, 10, 1, 0)] })).toThrow(/indTraslado must be 1..9/);
    // LibroGuia_v10.xsd TotTraslado maxOccurs 6: seven kinds of transfer cannot be stated.
    const sieteTipos = [2, 3, 4, 5, 6, 7, 8].map((tipo, i) => guia(i + 1, tipo, 1_000, 0));
    expect(() => buildLibroGuia({ ...libro, detalle: sieteTipos })).toThrow(/at most 6 kinds of transfer/);
    expect(() => buildLibroGuia({ ...libro, caratula: { ...libro.caratula, periodoTributario: '2025-13' } })).toThrow(DteBuildError);
    expect(() => buildLibroGuia({ ...libro, caratula: { ...libro.caratula, folioNotificacion: 0 } })).toThrow(/folioNotificacion/);
  });
});
