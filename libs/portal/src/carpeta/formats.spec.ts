import iconv from 'iconv-lite';
import { decodeHtml } from './decode-html';
import { fechaHoraIso, fechaIso, montoClp, periodoIso, rutCanonico, siNo } from './formats';

describe('portal formats', () => {
  it('reads Chilean dates, amounts, SI/NO and periods, null for anything else', () => {
    expect([fechaIso('2-3-2015'), fechaIso('02/03/2015'), fechaIso('2015-03-02'), fechaIso('')]).toEqual([
      '2015-03-02',
      '2015-03-02',
      null,
      null,
    ]);
    expect(fechaHoraIso('03/11/2026 16:45')).toBe('2026-11-03T16:45');
    expect([montoClp('1.234.567'), montoClp('$ 1.000'), montoClp('-5.000'), montoClp(''), montoClp('N/A')]).toEqual([
      1_234_567,
      1_000,
      -5_000,
      null,
      null,
    ]);
    expect([siNo('SI'), siNo('no'), siNo('')]).toEqual([true, false, null]);
    expect([
      periodoIso('JULIO 2025'),
      periodoIso('setiembre 2024'),
      periodoIso('07/2025'),
      periodoIso('202507'),
      periodoIso('13/2025'),
    ]).toEqual(['2025-07', '2024-09', '2025-07', '2025-07', null]);
    expect([rutCanonico('47797573 - 9'), rutCanonico('76.086.428-5'), rutCanonico('34413183-k'), rutCanonico('1-2')]).toEqual([
      '47797573-9',
      '76086428-5',
      '34413183-K',
      null,
    ]);
  });

  it('decodes pages saved as ISO-8859-1 or UTF-8', () => {
    const latin1 = iconv.encode('<meta charset="ISO-8859-1"><p>Categoría</p>', 'latin1');
    expect(decodeHtml(latin1)).toContain('Categoría');
    expect(decodeHtml(Buffer.from('<p>Categoría</p>', 'utf8'))).toContain('Categoría');
    expect(decodeHtml(iconv.encode('<p>Categoría</p>', 'latin1'))).toContain('Categoría');
  });
});
