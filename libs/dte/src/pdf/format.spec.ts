import { formatDecimal, formatFecha, formatPesos, formatPorcentaje } from './format';

describe('printed formats (Chilean style)', () => {
  it('writes pesos with thousands separated by dots', () => {
    expect([formatPesos(0), formatPesos(999), formatPesos(119000), formatPesos(1234567890), formatPesos(-5000)]).toEqual([
      '0',
      '999',
      '119.000',
      '1.234.567.890',
      '-5.000',
    ]);
  });

  it('writes quantities and prices with a decimal comma and no trailing zeros', () => {
    expect([formatDecimal(2), formatDecimal(2.5), formatDecimal(1000.125), formatDecimal(0.000001)]).toEqual([
      '2',
      '2,5',
      '1.000,125',
      '0,000001',
    ]);
  });

  it('writes percents with a decimal comma', () => {
    expect([formatPorcentaje(10), formatPorcentaje(12.5), formatPorcentaje(0.01), formatPorcentaje(999.99)]).toEqual([
      '10%',
      '12,5%',
      '0,01%',
      '999,99%',
    ]);
  });

  it('writes dates day first', () => {
    expect(formatFecha('2026-01-15')).toBe('15-01-2026');
  });
});
