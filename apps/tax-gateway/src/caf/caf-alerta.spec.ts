import { daysBetween } from '@lib/dte';
import { DIAS_AVISO_VENCIMIENTO, cafAlerta } from './caf-alerta';

describe('cafAlerta (when to request new folios)', () => {
  const today = '2026-11-24';

  it('raises the most urgent alert first', () => {
    expect(cafAlerta(0, '2026-11-30', today, 20)?.tipo).toBe('sin_folios');
    expect(cafAlerta(19, '2026-11-30', today, 20)?.tipo).toBe('pocos_folios');
    expect(cafAlerta(20, '2026-12-24', today, 20)?.tipo).toBe('por_vencer');
  });

  it('stays quiet with enough folios and more than 30 days left, or a CAF that does not expire', () => {
    expect(daysBetween(today, '2026-12-25')).toBe(DIAS_AVISO_VENCIMIENTO + 1);
    expect(cafAlerta(20, '2026-12-25', today, 20)).toBeNull();
    expect(cafAlerta(500, null, today, 20)).toBeNull();
  });
});
