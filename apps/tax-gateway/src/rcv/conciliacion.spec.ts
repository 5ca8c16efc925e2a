import type { LibroDetalleInput } from '@lib/dte';
import { reconcile, type RcvRegistrado } from './conciliacion';

const sii = (folio: number, montos: Partial<RcvRegistrado> = {}): RcvRegistrado => ({
  tipo_dte: 33,
  folio,
  rut_contraparte: '77777777-7',
  razon_social: 'Cliente SpA',
  fecha_emision: '2026-11-03',
  exento: 0,
  neto: 1000,
  iva: 190,
  total: 1190,
  evento_receptor: null,
  estado_rcv: 'REGISTRO',
  ...montos,
});
const gw = (folio: number, montos: Partial<LibroDetalleInput> = {}): LibroDetalleInput => ({
  tipoDoc: 33,
  folio,
  fecha: '2026-11-03',
  rut: '77777777-7',
  razonSocial: 'Cliente SpA',
  exento: 0,
  neto: 1000,
  iva: 190,
  total: 1190,
  ...montos,
});

describe('reconcile (RCV against the gateway)', () => {
  it('marks each document coincide, difiere (with each differing amount), solo_sii or solo_gateway, by type and folio', () => {
    const out = reconcile([sii(4), sii(2, { iva: 200, total: 1200 }), sii(1)], [gw(1), gw(2), gw(3)]);
    expect(out.map((d) => [d.folio, d.estado])).toEqual([
      [1, 'coincide'],
      [2, 'difiere'],
      [3, 'solo_gateway'],
      [4, 'solo_sii'],
    ]);
    expect(out[1].diferencias).toEqual([
      { campo: 'iva', sii: 200, gateway: 190 },
      { campo: 'total', sii: 1200, gateway: 1190 },
    ]);
    expect(out[2]).toMatchObject({ sii: null, estado_rcv: null, gateway: { neto: 1000 } });
    expect(out[3]).toMatchObject({ gateway: null, estado_rcv: 'REGISTRO' });
  });

  it('does not pair documents of another type or counterpart with the same folio', () => {
    const out = reconcile([sii(1, { tipo_dte: 34 }), sii(2, { rut_contraparte: '76086428-5' })], [gw(1), gw(2)]);
    expect(out.map((d) => d.estado).sort()).toEqual(['solo_gateway', 'solo_gateway', 'solo_sii', 'solo_sii']);
  });
});
