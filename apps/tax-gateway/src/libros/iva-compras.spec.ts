import type { LibroDetalleInput } from '@lib/dte';
import { ProblemException } from '@lib/schemas';
import { classifyIvaCompras, validateIvaCompras, type IvaCompraLinea } from './iva-compras';

const doc = (folio: number, iva: number, rut = '96874030-K'): LibroDetalleInput => ({
  tipoDoc: 33,
  folio,
  fecha: '2026-10-03',
  rut,
  razonSocial: 'Proveedor SA',
  exento: 0,
  neto: iva * 5,
  iva,
  total: iva * 6,
});
const linea = (folio: number, parte: Partial<IvaCompraLinea> = {}, rut = '96874030-K'): IvaCompraLinea => ({
  tipo_dte: 33,
  folio,
  rut_emisor: rut,
  ...parte,
});

function problem(fn: () => unknown): { status: number; error: string; errors?: unknown } {
  try {
    fn();
  } catch (err) {
    if (err instanceof ProblemException) return { status: err.getStatus(), error: err.error, errors: err.getProblem().errors };
    throw err;
  }
  throw new Error('no problem thrown');
}

describe('classifyIvaCompras', () => {
  const detalle = [doc(1, 1900), doc(2, 3800), doc(3, 950), doc(1, 190, '77777777-7')];

  it('moves the whole IVA of each classified document to IVAUsoComun or IVANoRec; the others stay recoverable', () => {
    const out = classifyIvaCompras(detalle, [linea(2, { iva_uso_comun: true }), linea(1, { iva_no_recuperable: 4 }), linea(3)]);
    expect(out.map((d) => [d.folio, d.rut, d.iva, d.ivaUsoComun, d.ivaNoRecuperable])).toEqual([
      [1, '96874030-K', 1900, undefined, [{ codigo: 4, monto: 1900 }]],
      [2, '96874030-K', 3800, 3800, undefined],
      [3, '96874030-K', 950, undefined, undefined],
      [1, '77777777-7', 190, undefined, undefined],
    ]);
    expect(classifyIvaCompras(detalle, [])).toEqual(detalle);
  });

  it('names the first line that matches no document of the book (type, folio and supplier must all match)', () => {
    const p = problem(() => classifyIvaCompras(detalle, [linea(1), linea(9), { ...linea(2), tipo_dte: 52 }]));
    expect(p).toMatchObject({ status: 422, error: 'documento_not_found', errors: [{ field: 'iva_compras[1]' }] });
    expect(problem(() => classifyIvaCompras(detalle, [linea(3, {}, '77777777-7')]))).toMatchObject({
      error: 'documento_not_found',
      errors: [{ field: 'iva_compras[0]' }],
    });
  });
});

describe('validateIvaCompras', () => {
  it('refuses both flags on one line and one document listed twice, naming the line', () => {
    expect(problem(() => validateIvaCompras([linea(1), linea(2, { iva_uso_comun: true, iva_no_recuperable: 1 })], 0.6))).toMatchObject({
      status: 422,
      error: 'iva_compra_conflict',
      errors: [{ field: 'iva_compras[1]' }],
    });
    expect(problem(() => validateIvaCompras([linea(1), linea(2), linea(1, { iva_uso_comun: true })], 0.6))).toMatchObject({
      error: 'iva_compra_conflict',
      errors: [{ field: 'iva_compras[2]', message: 'the same document as iva_compras[0]' }],
    });
    expect(() => validateIvaCompras([linea(1), linea(1, {}, '77777777-7')], undefined)).not.toThrow();
  });

  it('needs the proportionality factor only when some line is IVA de uso común', () => {
    expect(problem(() => validateIvaCompras([linea(1, { iva_uso_comun: true })], undefined))).toMatchObject({
      status: 422,
      error: 'factor_proporcionalidad_required',
    });
    expect(() => validateIvaCompras([linea(1, { iva_no_recuperable: 2 })], undefined)).not.toThrow();
    expect(() => validateIvaCompras([linea(1, { iva_uso_comun: true })], '0')).not.toThrow();
  });
});
