import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';

const BIN = join(__dirname, '..', 'bin.js');
const FIXTURES = join(__dirname, '..', '..', '..', 'libs', 'portal', 'test', 'fixtures');

describe('npm run cte:parse', () => {
  it('prints the JSON of a saved carpeta page', () => {
    const out = JSON.parse(execFileSync('node', [BIN, join(FIXTURES, 'carpeta-completa.html')]).toString('utf8'));
    expect(out.encabezado).toEqual({ nombre: 'COMERCIAL LOS ALERCES LIMITADA', rut: '76086428-5', fecha_generacion: '2026-11-03T16:45' });
    expect(out.propiedades).toHaveLength(2);
  }, 30_000);

  it('exits 1 with a one-line reason for a page that is not a carpeta, or no file', () => {
    const notCarpeta = spawnSync('node', [BIN, join(FIXTURES, 'f29-frame.html')]);
    expect(notCarpeta.status).toBe(1);
    expect(notCarpeta.stderr.toString().trim().split('\n')).toEqual([expect.stringContaining('not a carpeta tributaria')]);
    const missing = spawnSync('node', [BIN, join(FIXTURES, 'missing.html')]);
    expect(missing.status).toBe(1);
    expect(missing.stderr.toString()).toContain('ENOENT');
  }, 30_000);
});
