import { ImportErrors } from './import-errors';
import { detectDelimiter, readImportCsv } from './import-csv.reader';

/** Yields the bytes in chunks of `size` (uploads arrive in arbitrary pieces). */
async function* chunks(text: string, size: number): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

describe('import CSV streaming pass', () => {
  it('detects ; only when the first line has semicolons and no commas', () => {
    expect(detectDelimiter(Buffer.from('a;b;c\n1,5;2'))).toBe(';');
    expect(detectDelimiter(Buffer.from('a,b;c\n'))).toBe(',');
    expect(detectDelimiter(Buffer.from('abc'))).toBe(',');
  });

  it.each([1, 3, 7, 4096])('gives the same rows and line numbers whatever the chunk size (%i bytes)', async (size) => {
    const text = 'comprobante;fecha;cuenta;glosa;debe;haber\nA;2025-01-02;1.1;"Año\nnuevo; ñandú";10;\n\nA;2025-01-02;4.1;;;10\n';
    const errors = new ImportErrors();
    const parsed = await readImportCsv(chunks(text, size), errors);
    expect(errors.count).toBe(0);
    expect(parsed.delimiter).toBe(';');
    expect(parsed.rows).toEqual([
      { line: 3, comprobante: 'A', fecha: '2025-01-02', cuenta: '1.1', glosa: 'Año\nnuevo; ñandú', debe: 10, haber: 0 },
      { line: 5, comprobante: 'A', fecha: '2025-01-02', cuenta: '4.1', glosa: null, debe: 0, haber: 10 },
    ]);
    expect(parsed.bytes).toBe(Buffer.byteLength(text));
    expect(parsed.complete).toBe(true);
  });

  it('reports bytes that are not UTF-8 at their line', async () => {
    const bytes = Buffer.concat([
      Buffer.from('comprobante,fecha,cuenta,glosa,debe,haber\nA,2025-01-02,1.1,'),
      Buffer.from([0x41, 0xf1, 0x6f]),
      Buffer.from(',1,\n'),
    ]);
    const errors = new ImportErrors();
    const parsed = await readImportCsv(
      (async function* () {
        yield bytes;
      })(),
      errors,
    );
    expect(parsed.rows).toEqual([]);
    expect(parsed.brokenComprobantes).toEqual(new Set(['A']));
    expect(errors.toProblem().getResponse()).toMatchObject({
      errors: [{ line: 2, field: 'file', message: expect.stringContaining('UTF-8') }],
    });
  });
});
