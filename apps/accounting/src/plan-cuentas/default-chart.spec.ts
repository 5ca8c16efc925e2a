import { DEFAULT_CHART } from './default-chart';

describe('DEFAULT_CHART', () => {
  it('has exactly 18 accounts: 5 level-1 groups and 13 posting accounts', () => {
    expect(DEFAULT_CHART).toHaveLength(18);
    expect(DEFAULT_CHART.filter((a) => !a.parent).map((a) => a.nombre)).toEqual(['Activo', 'Pasivo', 'Patrimonio', 'Ingresos', 'Gastos']);
    expect(DEFAULT_CHART.filter((a) => a.parent)).toHaveLength(13);
  });

  it('has unique codes, each child code extending its parent and sharing its tipo', () => {
    const byCode = new Map(DEFAULT_CHART.map((a) => [a.codigo, a]));
    expect(byCode.size).toBe(18);
    for (const a of DEFAULT_CHART.filter((x) => x.parent)) {
      const parent = byCode.get(a.parent as string);
      expect(parent).toBeDefined();
      expect(a.codigo.startsWith(`${a.parent}.`)).toBe(true);
      expect(a.tipo).toBe(parent?.tipo);
    }
  });

  it('gives every posting account a distinct role', () => {
    const roles = DEFAULT_CHART.filter((a) => a.parent).map((a) => a.rol);
    expect(new Set(roles).size).toBe(13);
  });
});
