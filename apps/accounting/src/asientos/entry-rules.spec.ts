import { ProblemException } from '@lib/schemas';
import { checkEntry } from './entry-rules';

function problem(fn: () => unknown): ProblemException {
  try {
    fn();
  } catch (e) {
    if (e instanceof ProblemException) return e;
    throw e;
  }
  throw new Error('no problem raised');
}

describe('checkEntry', () => {
  it('accepts a balanced entry and returns its sums', () => {
    expect(checkEntry('2025-03-01', [{ debe: 119000 }, { haber: 100000 }, { haber: 19000 }])).toEqual({ debe: 119000, haber: 119000 });
  });

  it('refuses an unbalanced entry with 422 unbalanced_entry and both sums', () => {
    const p = problem(() => checkEntry('2025-03-01', [{ debe: 100 }, { haber: 90 }]));
    expect(p.getStatus()).toBe(422);
    expect(p.getProblem()).toMatchObject({ error: 'unbalanced_entry', sumas_debe: 100, sumas_haber: 90, diferencia: 10 });
  });

  it.each([
    [
      'both sides',
      [
        { debe: 1, haber: 1 },
        { haber: 0, debe: 0 },
      ],
    ],
    ['no side', [{ debe: 0 }, { haber: 5 }]],
    ['negative', [{ debe: -5, haber: 0 }, { haber: 5 }]],
    ['fractional pesos', [{ debe: 1.5 }, { haber: 1.5 }]],
    ['a single line', [{ debe: 5 }]],
  ])('refuses %s with 400 validation_failed', (_name, lines) => {
    const p = problem(() => checkEntry('2025-03-01', lines));
    expect([p.getStatus(), p.error]).toEqual([400, 'validation_failed']);
  });

  it('refuses a date that does not exist', () => {
    const p = problem(() => checkEntry('2025-02-30', [{ debe: 1 }, { haber: 1 }]));
    expect(p.getProblem().errors).toEqual([{ field: 'fecha', message: 'fecha is not a calendar date' }]);
  });

  it.each(['0000-02-01', '0001-01-01', '1999-12-31', '9999-12-31'])('refuses %s with 422 fecha_out_of_range (SII FechaType)', (fecha) => {
    const p = problem(() => checkEntry(fecha, [{ debe: 1 }, { haber: 1 }]));
    expect([p.getStatus(), p.error]).toEqual([422, 'fecha_out_of_range']);
    expect(p.getProblem().errors).toEqual([
      { field: 'fecha', message: expect.stringMatching(/before 2000-01-01|after \d{4}-\d{2}-\d{2}/) },
    ]);
  });
});
