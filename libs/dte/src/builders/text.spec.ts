import { siiTextProblem } from './text';

describe('siiTextProblem (a caller text bound for a signed ISO-8859-1 document)', () => {
  it.each(['Bodega central', 'Ñuñoa ÁÉÍÓÚ ü', '“Comercial” – Ltda…', 'línea 1\r\nlínea 2', '\u200bcero'])('accepts %j', (text) => {
    expect(siiTextProblem(text)).toBeUndefined();
  });

  it.each([
    ['Comercial 😀 Ltda', 'character "😀" has no ISO-8859-1 equivalent'],
    ['商店', 'character "商" has no ISO-8859-1 equivalent'],
    ['Bodega\u0007', 'control character U+0007 is not allowed'],
    ['Bodega\u0085', 'control character U+0085 is not allowed'],
  ])('names the problem of %j', (text, problem) => {
    expect(siiTextProblem(text)).toBe(problem);
  });
});
