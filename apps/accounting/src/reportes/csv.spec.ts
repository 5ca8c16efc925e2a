import { csv } from './csv';

describe('csv (every CSV export)', () => {
  it('neutralizes text cells that a spreadsheet would run as a formula (OWASP CSV injection)', () => {
    const out = csv(['glosa'], [["=cmd|' /C calc'!A0"], ['+1'], ['-2+3'], ['@SUM(A1)'], ['\tx'], ['\rx'], ['Venta normal']]);
    expect(out.split('\r\n').slice(1, -1)).toEqual(["'=cmd|' /C calc'!A0", "'+1", "'-2+3", "'@SUM(A1)", "'\tx", "'\rx", 'Venta normal']);
  });

  it('keeps negative amounts as numbers', () => {
    expect(csv(['saldo'], [[-2_000_000], [0]])).toBe('saldo\r\n-2000000\r\n0\r\n');
  });
});
