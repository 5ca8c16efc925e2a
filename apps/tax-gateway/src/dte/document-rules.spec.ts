import { EmitirDto } from '@lib/contracts';
import { computeTotals } from '@lib/dte';
import { ProblemException } from '@lib/schemas';
import { checkDocumentRules, checkLiquidacion, checkReferencedDocument, checkSaldoNotas, findReferenciaPropia } from './document-rules';

const TODAY = '2026-11-24';
const receptor = { rut: '77777777-7', razon_social: 'Receptor SpA', giro: 'Giro', direccion: 'Calle 1', comuna: 'Santiago' };

function dto(overrides: Partial<EmitirDto>): EmitirDto {
  return {
    tenant: '76086428-5',
    tipo_dte: 33,
    forma_pago: 1,
    receptor,
    detalle: [{ nombre: 'Item', cantidad: 1, precio_unitario: 1000 }],
    ...overrides,
  } as EmitirDto;
}

function refusal(body: EmitirDto): string | undefined {
  try {
    checkDocumentRules(body, computeTotals(body.tipo_dte, body.detalle), TODAY);
    return undefined;
  } catch (e) {
    expect(e).toBeInstanceOf(ProblemException);
    expect((e as ProblemException).getStatus()).toBe(422);
    return (e as ProblemException).error;
  }
}

/** The `error` value a rule throws, or undefined when it passes. */
const error = (fn: () => void) => {
  try {
    fn();
    return undefined;
  } catch (e) {
    return (e as ProblemException).error;
  }
};

const ref = (codigo?: 1 | 2 | 3, folio = '10') => ({ tipo_doc: '33', folio, fecha: '2026-11-01', ...(codigo ? { codigo } : {}) });

describe('checkDocumentRules (SII Formato DTE v2.2: IndExe, Referencia, notes)', () => {
  it('accepts an ordinary factura, a factura exenta and notes with one CodRef', () => {
    expect(refusal(dto({}))).toBeUndefined();
    expect(
      refusal(dto({ tipo_dte: 34, detalle: [{ nombre: 'Curso', cantidad: 1, precio_unitario: 5000, exento: true }] })),
    ).toBeUndefined();
    expect(refusal(dto({ tipo_dte: 61, referencias: [ref(3)] }))).toBeUndefined();
    expect(refusal(dto({ tipo_dte: 56, referencias: [ref(3), ref(3, '11')] }))).toBeUndefined();
  });

  it('asks a guía 52 for ind_traslado and transporte.comuna_destino, and refuses ind_traslado elsewhere (Formato DTE v2.2 §A fields 7, 72)', () => {
    const guia = (extra: Partial<EmitirDto>) => dto({ tipo_dte: 52, forma_pago: undefined, ...extra });
    expect(refusal(guia({ ind_traslado: 1, transporte: { comuna_destino: 'Quilicura' } }))).toBeUndefined();
    expect(refusal(guia({ transporte: { comuna_destino: 'Quilicura' } }))).toBe('ind_traslado_required');
    expect(refusal(guia({ ind_traslado: 5 }))).toBe('comuna_destino_required');
    expect(refusal(guia({ ind_traslado: 5, transporte: { patente: 'AB1234' } }))).toBe('comuna_destino_required');
    expect(refusal(guia({ ind_traslado: 1, transporte: { comuna_destino: 'Quilicura' }, indicador_servicio: 3 }))).toBe(
      'indicador_servicio_not_applicable',
    );
    expect(refusal(dto({ ind_traslado: 1 }))).toBe('ind_traslado_not_applicable');
  });

  it('refuses a 33 or 34 without forma_pago, naming the field; a note may leave it out', () => {
    expect(refusal(dto({ forma_pago: undefined }))).toBe('forma_pago_required');
    const exenta = { tipo_dte: 34 as const, forma_pago: undefined, detalle: [{ nombre: 'Curso', cantidad: 1, precio_unitario: 5000 }] };
    expect(refusal(dto(exenta))).toBe('forma_pago_required');
    expect(refusal(dto({ tipo_dte: 61, forma_pago: undefined, referencias: [ref(3)] }))).toBeUndefined();
    const thrown = (() => {
      try {
        checkDocumentRules(dto({ forma_pago: undefined }), computeTotals(33, dto({}).detalle), TODAY);
      } catch (e) {
        return e as ProblemException;
      }
    })();
    expect(thrown?.getProblem()).toMatchObject({ errors: [{ field: 'forma_pago' }] });
  });

  it('refuses a 33 whose lines are all exempt (that is a 34)', () => {
    expect(refusal(dto({ detalle: [{ nombre: 'Curso', cantidad: 1, precio_unitario: 5000, exento: true }] }))).toBe('all_lines_exempt');
  });

  it('refuses a 34 with a taxed line', () => {
    expect(refusal(dto({ tipo_dte: 34, detalle: [{ nombre: 'Curso', cantidad: 1, precio_unitario: 5000, exento: false }] }))).toBe(
      'taxed_line_in_34',
    );
  });

  it('refuses a note without CodRef, CodRef 1 or 2 beside other references, and CodRef 2 with amounts', () => {
    expect(refusal(dto({ tipo_dte: 61, referencias: [ref()] }))).toBe('codref_required');
    expect(refusal(dto({ tipo_dte: 61, referencias: [ref(1), ref(3, '11')] }))).toBe('codref_single_reference');
    expect(refusal(dto({ tipo_dte: 56, referencias: [ref(2), ref(2, '11')] }))).toBe('codref_single_reference');
    expect(refusal(dto({ tipo_dte: 61, referencias: [ref(2)] }))).toBe('codref2_with_amounts');
    expect(
      refusal(dto({ tipo_dte: 61, referencias: [ref(2)], detalle: [{ nombre: 'Corrige giro', cantidad: 1, precio_unitario: 0 }] })),
    ).toBeUndefined();
  });

  it('refuses a document dated after today in Santiago', () => {
    expect(refusal(dto({ fecha_emision: '2026-11-25' }))).toBe('fecha_emision_future');
    expect(refusal(dto({ fecha_emision: TODAY }))).toBeUndefined();
  });
});

describe('checkLiquidacion (Formato DTE v2.2 §B field 4 TpoDocLiq, §F Comisiones y Otros Cargos)', () => {
  const error = (body: EmitirDto) => {
    try {
      checkLiquidacion(body);
      return undefined;
    } catch (e) {
      return (e as ProblemException).getProblem();
    }
  };
  const linea = { nombre: 'Factura 120', cantidad: 1, precio_unitario: 1000, tipo_doc_liq: '33' };
  const comisiones = [{ tipo: 'C' as const, glosa: 'Comisión', neto: 100 }];

  it('accepts a 43 with its liquidated lines and comisiones, and a 33 with neither', () => {
    expect(error(dto({ tipo_dte: 43 as never, detalle: [linea], comisiones }))).toBeUndefined();
    expect(error(dto({}))).toBeUndefined();
  });

  it('names what is missing on a 43 and what does not belong to another type', () => {
    expect(error(dto({ tipo_dte: 43 as never, detalle: [linea] }))).toMatchObject({ error: 'comisiones_required', status: 422 });
    const sinTipo = dto({ tipo_dte: 43 as never, detalle: [linea, { ...linea, tipo_doc_liq: undefined }], comisiones });
    expect(error(sinTipo)).toMatchObject({ error: 'tipo_doc_liq_required', errors: [{ field: 'detalle.1.tipo_doc_liq' }] });
    expect(error(dto({ comisiones }))).toMatchObject({ error: 'comisiones_not_applicable' });
    expect(error(dto({ detalle: [linea] }))).toMatchObject({
      error: 'tipo_doc_liq_not_applicable',
      errors: [{ field: 'detalle.0.tipo_doc_liq' }],
    });
  });
});

describe('checkReferencedDocument (a note against the tenant’s own document)', () => {
  const note = dto({ tipo_dte: 61, referencias: [ref(3)] });
  const montos = computeTotals(61, note.detalle); // total 1190
  const original = { tipoDte: 33, folio: 10, receptorRut: receptor.rut, total: 1190 };

  it('accepts a correction up to the original total for the same receptor', () => {
    expect(error(() => checkReferencedDocument(0, 3, original, note, montos))).toBeUndefined();
  });

  it('refuses a document that does not exist, another receptor, or an annulment of another amount', () => {
    expect(error(() => checkReferencedDocument(0, 3, null, note, montos))).toBe('referencia_not_found');
    expect(error(() => checkReferencedDocument(0, 3, { ...original, receptorRut: '76543210-3' }, note, montos))).toBe(
      'referencia_receptor_mismatch',
    );
    // A correction above the original is judged with the notes emitted on it (checkSaldoNotas), not here.
    expect(error(() => checkReferencedDocument(0, 3, { ...original, total: 1189 }, note, montos))).toBeUndefined();
    // An annulment carries exactly the original's total.
    expect(error(() => checkReferencedDocument(0, 1, { ...original, total: 1189 }, note, montos))).toBe('anulacion_monto_mismatch');
    expect(error(() => checkReferencedDocument(0, 1, { ...original, total: montos.total }, note, montos))).toBeUndefined();
  });
});

describe('checkSaldoNotas and findReferenciaPropia (notes add up against the document they correct)', () => {
  const original = { tipoDte: 33, folio: 10, receptorRut: '77777777-7', total: 10_000 };

  it('lets credit notes take off what the document and its debit notes charged, and no more', () => {
    expect(error(() => checkSaldoNotas(0, 10_000, original, { debitos: 0, creditos: 0 }))).toBeUndefined();
    expect(error(() => checkSaldoNotas(0, 4_001, original, { debitos: 0, creditos: 6_000 }))).toBe('referencia_exceeds_original');
    expect(error(() => checkSaldoNotas(0, 4_000, original, { debitos: 0, creditos: 6_000 }))).toBeUndefined();
    expect(error(() => checkSaldoNotas(0, 12_000, original, { debitos: 2_000, creditos: 0 }))).toBeUndefined();
  });

  it('names the one reference to an own document, and none when there are several or it was issued elsewhere', () => {
    expect(findReferenciaPropia(dto({ tipo_dte: 61, referencias: [ref(3)] }))).toEqual({ index: 0, tipoDte: 33, folio: 10 });
    expect(findReferenciaPropia(dto({ tipo_dte: 61, referencias: [ref(3), ref(3, '11')] }))).toBeUndefined();
    expect(findReferenciaPropia(dto({ tipo_dte: 61, referencias: [{ ...ref(3), externo: true }] }))).toBeUndefined();
    // A factura billing guías references them; a guía is no document a note corrects (Formato DTE v2.2 §2.1 zone D).
    expect(findReferenciaPropia(dto({ referencias: [{ ...ref(), tipo_doc: '52' }] }))).toBeUndefined();
    expect(findReferenciaPropia(dto({ tipo_dte: 33, referencias: [ref(3)] }))).toBeUndefined();
  });
});
