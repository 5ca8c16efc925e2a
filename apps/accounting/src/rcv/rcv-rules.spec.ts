import type { DocumentoRcvView, EstadoRcv } from '@lib/contracts';
import { diferenciasRcv, type DocumentoLibro } from './rcv-rules';

const SUPPLIER = '76543210-3';
const montos = { exento: 0, neto: 10_000, iva: 1_900, total: 11_900 };
const rcv = (folio: number, estado_rcv: EstadoRcv, extra: Partial<DocumentoRcvView> = {}): DocumentoRcvView => ({
  tipo_dte: 33,
  folio,
  rut_contraparte: SUPPLIER,
  razon_social: 'Comercial Los Aromos Limitada',
  fecha_emision: '2026-10-05',
  estado: 'solo_sii',
  estado_rcv,
  sii: { ...montos },
  gateway: null,
  diferencias: [],
  ...extra,
});
const libro = (folio: number, extra: Partial<DocumentoLibro> = {}): DocumentoLibro => ({
  id: `f-${folio}`,
  tipo_dte: 33,
  folio,
  rut_contraparte: SUPPLIER,
  razon_social: 'Comercial Los Aromos Limitada',
  fecha_emision: '2026-10-05',
  asiento_vigente: true,
  ...montos,
  ...extra,
});
const clases = (d: { clase: string; folio: number }[]) => d.map((x) => `${x.clase} ${x.folio}`);

describe('diferenciasRcv', () => {
  it('finds each kind of difference and nothing for a document that matches', () => {
    const out = diferenciasRcv(
      [rcv(1, 'REGISTRO'), rcv(2, 'REGISTRO'), rcv(3, 'RECLAMADO'), rcv(4, 'REGISTRO', { sii: { ...montos, iva: 1_800, total: 11_800 } })],
      [libro(2), libro(3), libro(4), libro(5)],
    );
    expect(clases(out)).toEqual(['no_contabilizado 1', 'reclamado 3', 'montos_distintos 4', 'no_registrado 5']);
    expect(out[0]).toMatchObject({ documento_id: null, neto: 10_000, iva: 1_900, total: 11_900, estado_rcv: 'REGISTRO' });
    expect(out[1]).toMatchObject({ documento_id: 'f-3', estado_rcv: 'RECLAMADO' });
    expect(out[2].diferencias).toEqual([
      { campo: 'iva', rcv: 1_800, libros: 1_900 },
      { campo: 'total', rcv: 11_800, libros: 11_900 },
    ]);
    expect(out[3]).toMatchObject({ documento_id: 'f-5', estado_rcv: null, total: 11_900 });
  });

  it('waits for a PENDIENTE document, skips NO_INCLUIR unbooked, and a claim already reversed', () => {
    const out = diferenciasRcv(
      [rcv(1, 'PENDIENTE'), rcv(2, 'NO_INCLUIR'), rcv(3, 'RECLAMADO'), rcv(4, 'RECLAMADO'), rcv(5, 'PENDIENTE')],
      [libro(4, { asiento_vigente: false }), libro(5)],
    );
    expect(out).toEqual([]);
  });

  it('keys a document by tipo, folio and supplier: the same folio of another supplier or type is another document', () => {
    const out = diferenciasRcv([rcv(7, 'REGISTRO')], [libro(7, { rut_contraparte: '78123456-7' }), libro(7, { tipo_dte: 61 })]);
    expect(clases(out)).toEqual(['no_contabilizado 7', 'no_registrado 7', 'no_registrado 7']);
    expect(out.map((d) => `${d.tipo_dte} ${d.rut_contraparte}`)).toEqual([`33 ${SUPPLIER}`, '33 78123456-7', `61 ${SUPPLIER}`]);
  });

  it('leaves out types the books do not take on reception (a 46 the tenant issued, a guía) and entries without SII data', () => {
    const out = diferenciasRcv(
      [rcv(1, 'REGISTRO', { tipo_dte: 46 }), rcv(2, 'REGISTRO', { tipo_dte: 52 }), rcv(3, 'REGISTRO', { sii: null, estado_rcv: null })],
      [libro(9, { tipo_dte: 46 })],
    );
    expect(out).toEqual([]);
  });
});
