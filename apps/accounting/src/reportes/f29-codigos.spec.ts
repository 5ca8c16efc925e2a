import { calcularF29 } from './f29-codigos';
import { remanenteAnterior, reajustar } from './f29-remanente';

const valor = (codigos: { codigo: string; valor: number }[], codigo: string) => codigos.find((c) => c.codigo === codigo)?.valor;

describe('calcularF29 (docs/research/f29.md §2)', () => {
  const base = {
    emitidos: { 33: { cantidad: 3, iva: 57_000 }, 56: { cantidad: 1, iva: 1_900 }, 61: { cantidad: 1, iva: 3_800 } },
    recibidos: { 33: { cantidad: 2, iva: 19_000 }, 61: { cantidad: 1, iva: 950 } },
    debitoLibros: 55_100,
    creditoLibros: 18_050,
    remanenteAnterior: 10_000,
    retencionHonorarios: 22_113,
    ingresosBrutos: 290_000,
    tasaPpm: '0.25',
  };

  it('fills each código by hand: débitos 538, créditos 537 with 504, IVA determinado 089, PPM 062, honorarios 151, total 091', () => {
    const f = calcularF29(base);
    const v = (c: string) => valor(f.codigos, c);
    expect([v('503'), v('502'), v('512'), v('513'), v('509'), v('510'), v('538')]).toEqual([3, 57_000, 1, 1_900, 1, 3_800, 55_100]);
    expect([v('519'), v('520'), v('527'), v('528'), v('504'), v('537')]).toEqual([2, 19_000, 1, 950, 10_000, 28_050]);
    expect([v('089'), v('077'), v('048'), v('151')]).toEqual([27_050, 0, 0, 22_113]);
    expect([v('563'), v('115'), v('062')]).toEqual([290_000, 0.25, 725]);
    expect([v('595'), v('091')]).toEqual([49_888, 49_888]); // 27 050 + 0 + 22 113 + 725
    expect(f.cuadra_con_documentos).toBe(true);
  });

  it('carries a remanente (077) when the créditos exceed the débitos, and omits PPM without a rate', () => {
    const f = calcularF29({ ...base, debitoLibros: 5_000, tasaPpm: null });
    expect([valor(f.codigos, '089'), valor(f.codigos, '077'), valor(f.codigos, '062')]).toEqual([0, 23_050, undefined]);
    expect(f).toMatchObject({ ppm: null, total_a_pagar: 22_113, cuadra_con_documentos: false });
  });

  it('rounds the PPM half up to the peso', () => {
    expect(calcularF29({ ...base, ingresosBrutos: 1_002, tasaPpm: '0.125' }).ppm).toBe(1); // 1.2525
    expect(calcularF29({ ...base, ingresosBrutos: 2_000_200, tasaPpm: '0.125' }).ppm).toBe(2_500); // 2 500.25
  });
});

describe('the remanente readjusted by the UTM (SII FAQ 001_130_1926)', () => {
  const UTM: Record<string, number> = {
    '2015-01': 43_198,
    '2014-12': 43_240,
    '2026-10': 69_000,
    '2026-11': 69_500,
    '2026-12': 70_000,
  };
  const utm = (m: string) => UTM[m];

  it('converts to UTM with two decimals and back at the next filing month, as the FAQ example (58,14 UTM × 43.198 = 2.511.532)', () => {
    expect(reajustar(2_513_974, '2014-12', '2015-01', utm)).toEqual({ pesos: 2_511_532, reajustado: true }); // 2 513 974 / 43 240 = 58,14
  });

  it('chains the months: each 077 becomes the next 504, readjusted; a month without movement still carries it', () => {
    const meses = [
      { mes: '2026-09', debito: 10_000, credito: 110_000 },
      { mes: '2026-11', debito: 0, credito: 0 },
    ];
    // 077(09) = 100 000, filed in October: 1,45 UTM (69 000) -> 504(10) = 1,45 × 69 500 = 100 775 (filed in November)
    // 077(10) = 100 775 (no movement) -> 1,45 UTM (69 500) -> 504(11) = 1,45 × 70 000 = 101 500 (filed in December)
    expect(remanenteAnterior(meses, '2026-10', utm)).toEqual({ remanente: 100_775, reajustado: true });
    expect(remanenteAnterior(meses, '2026-11', utm)).toEqual({ remanente: 101_500, reajustado: true });
  });

  it('keeps the pesos, flagged, when a UTM is not registered', () => {
    expect(remanenteAnterior([{ mes: '2026-06', debito: 0, credito: 5_000 }], '2026-07', utm)).toEqual({
      remanente: 5_000,
      reajustado: false,
    });
    expect(remanenteAnterior([], '2026-07', utm)).toEqual({ remanente: 0, reajustado: true });
  });
});
