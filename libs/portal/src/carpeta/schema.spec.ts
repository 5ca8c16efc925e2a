import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { CARPETA_TRIBUTARIA_JSON_SCHEMA } from '@lib/schemas';
import { parseCarpetaTributaria } from './parse-carpeta';

const fixture = (name: string) => readFileSync(join(__dirname, '../../test/fixtures', name), 'utf8');

describe('CARPETA_TRIBUTARIA_JSON_SCHEMA (libs/schemas)', () => {
  const validate = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true }).compile(CARPETA_TRIBUTARIA_JSON_SCHEMA);

  it.each(['carpeta-completa.html', 'carpeta-vacia.html'])('accepts what the parser reads from %s', (name) => {
    const ok = validate(parseCarpetaTributaria(fixture(name), { 2: fixture('f29-frame.html') }));
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('refuses a made-up field and an amount that is not whole pesos', () => {
    const carpeta = parseCarpetaTributaria(fixture('carpeta-completa.html'));
    expect(validate({ ...carpeta, extra: 1 })).toBe(false);
    expect(validate({ ...carpeta, propiedades: [{ ...carpeta.propiedades[0], avaluo_fiscal: 1.5 }] })).toBe(false);
  });
});
