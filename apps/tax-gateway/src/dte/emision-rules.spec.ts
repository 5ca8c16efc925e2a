import { ProblemException } from '@lib/schemas';
import { DocumentoInput } from '@lib/dte';
import { EmisorEntity } from '../emisores/entities/emisor.entity';
import type { TaxpayerRecord } from '../contribuyente/taxpayer-source';
import { asDteProblem, emisorFrom, preflight, withMembers } from './emision-rules';

const record: TaxpayerRecord = {
  rut: '76086428-5',
  razon_social: 'Servicios Andes Maipo SpA',
  direccion: 'Av. Providencia 1234',
  comuna: 'Providencia',
  giros: [
    { codigo: '620200', descripcion: 'CONSULTORIA INFORMATICA' },
    { codigo: 'X', descripcion: 'sin codigo' },
    { codigo: '469000', descripcion: 'VENTA AL POR MAYOR' },
  ],
  representantes: [],
  estado: 'vigente',
  fuente: 'carpeta_tributaria',
  autorizacion_dte: null,
};

const registered = (overrides: Partial<EmisorEntity> = {}): EmisorEntity =>
  Object.assign(new EmisorEntity(), {
    tenant: '76086428-5',
    fechaResolucion: '2014-08-22',
    numeroResolucion: 0,
    actecos: [],
    codigoSucursal: null,
    sucursales: [],
    correoIntercambio: null,
    logo: null,
    ...overrides,
  });

const doc = (overrides: Partial<DocumentoInput> = {}): DocumentoInput => ({
  tipo_dte: 33,
  folio: 0,
  fecha_emision: '2026-01-15',
  emisor: emisorFrom(record, registered()),
  receptor: { rut: '77777777-7', razon_social: 'Receptor SpA', giro: 'Giro', direccion: 'Calle 1', comuna: 'Santiago' },
  detalle: [{ nombre: 'Item', cantidad: 1, precio_unitario: 1000 }],
  ...overrides,
});

describe('emission rules', () => {
  it('takes the Emisor from the canonical data: first giro as GiroEmis, up to 4 activity codes as Acteco', () => {
    expect(emisorFrom(record, registered())).toEqual({
      rut: '76086428-5',
      razon_social: 'Servicios Andes Maipo SpA',
      giro: 'CONSULTORIA INFORMATICA',
      acteco: [620200, 469000],
      direccion: 'Av. Providencia 1234',
      comuna: 'Providencia',
    });
    expect(() => emisorFrom({ ...record, giros: [] }, registered())).toThrow(
      expect.objectContaining({ status: 422, error: 'taxpayer_incomplete' }),
    );
  });

  it('prints the actecos, branch code and intercambio address the tenant registered', () => {
    const sucursales = [{ codigo: 81234567, direccion: 'Av. Los Carrera 550', comuna: 'Concepcion', ciudad: null }];
    const emisor = emisorFrom(
      record,
      registered({ actecos: [469000], codigoSucursal: 81234567, sucursales, correoIntercambio: 'dte@andes.cl' }),
    );
    expect(emisor).toMatchObject({ acteco: [469000], cdg_sii_sucur: 81234567, correo: 'dte@andes.cl' });
  });

  it("takes DirOrigen, CmnaOrigen and CiudadOrigen from the branch a DTE is issued from, the head office's otherwise", () => {
    const sucursales = [
      { codigo: 81234567, direccion: 'Av. Los Carrera 550', comuna: 'Concepcion', ciudad: 'Concepcion' },
      { codigo: 81234568, direccion: 'Calle Prat 12', comuna: 'Temuco', ciudad: null },
    ];
    const emisor = registered({ codigoSucursal: 81234567, sucursales });
    expect(emisorFrom(record, emisor)).toMatchObject({
      cdg_sii_sucur: 81234567,
      direccion: 'Av. Los Carrera 550',
      comuna: 'Concepcion',
      ciudad: 'Concepcion',
    });
    expect(emisorFrom(record, emisor, 81234568)).toMatchObject({ cdg_sii_sucur: 81234568, direccion: 'Calle Prat 12', comuna: 'Temuco' });
    expect(emisorFrom(record, registered({ sucursales }))).toMatchObject({ direccion: 'Av. Providencia 1234', comuna: 'Providencia' });
    expect(emisorFrom(record, registered({ sucursales })).cdg_sii_sucur).toBeUndefined();
    expect(() => emisorFrom(record, emisor, 999)).toThrow(expect.objectContaining({ status: 422, error: 'sucursal_unknown' }));
  });

  it.each([
    ['address', { direccion: ' ' }, /DirOrigen/],
    ['comuna', { comuna: '' }, /CmnaOrigen/],
    ['activity code', { giros: [{ codigo: 'X', descripcion: 'sin codigo' }] }, /Acteco/],
  ])('refuses an SII record without %s (never left out silently): 422 taxpayer_incomplete', (_what, change, detail) => {
    expect(() => emisorFrom({ ...record, ...change }, registered())).toThrow(
      expect.objectContaining({ status: 422, error: 'taxpayer_incomplete', detail: expect.stringMatching(detail) }),
    );
  });

  it('preflight accepts a valid document and turns builder errors into 422 dte_invalid', () => {
    expect(() => preflight(doc())).not.toThrow();
    const cases: Partial<DocumentoInput>[] = [
      { detalle: [{ nombre: 'Pastel \u{1F382}', cantidad: 1, precio_unitario: 1 }] },
      { tipo_dte: 61 },
      { receptor: { rut: '77777777-7', razon_social: 'x'.repeat(101) } },
    ];
    for (const c of cases) {
      let error: unknown;
      try {
        preflight(doc(c));
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ProblemException);
      expect(error).toMatchObject({ error: 'dte_invalid' });
    }
    expect(() => asDteProblem(() => JSON.parse('{'))).toThrow(SyntaxError);
  });

  it('withMembers keeps status, error, detail and headers and adds members', () => {
    const original = new ProblemException(502, 'sii_rejected', 'nope', { sii_status: '7', headers: { 'Retry-After': '1' } });
    const copy = withMembers(original, { emision_id: 'e1', folio: 3 });
    expect(copy.getProblem()).toMatchObject({
      status: 502,
      error: 'sii_rejected',
      detail: 'nope',
      sii_status: '7',
      emision_id: 'e1',
      folio: 3,
    });
    expect(copy.headers).toEqual({ 'Retry-After': '1' });
  });
});
