import { retencionHonorarios, tasaRetencionHonorarios } from './tasa-retencion';

describe('retention on boletas de honorarios (Ley 21.133, Ley 21.578)', () => {
  it.each([
    ['2018-12-31', '10'],
    ['2019-01-01', '10.75'],
    ['2020-06-30', '11.5'],
    ['2021-03-01', '12.25'],
    ['2022-12-31', '13'],
    ['2023-07-01', '13'],
    ['2024-01-01', '13.75'],
    ['2025-05-05', '14.5'],
    ['2026-10-05', '15.25'],
    ['2027-02-01', '16'],
    ['2028-01-01', '17'],
    ['2035-01-01', '17'],
  ])('a boleta dated %s: %s %%', (fecha, tasa) => {
    expect(tasaRetencionHonorarios(fecha)).toBe(tasa);
  });

  it('rounds half up to the peso, computed exactly (no binary floating point)', () => {
    expect(retencionHonorarios(145_000, '2026-10-05')).toBe(22_113); // 22 112.5
    expect(retencionHonorarios(100_000, '2025-01-01')).toBe(14_500);
    expect(retencionHonorarios(1_001, '2024-01-01')).toBe(138); // 137.6375
    expect(retencionHonorarios(2, '2026-01-01')).toBe(0); // 0.305
  });
});
