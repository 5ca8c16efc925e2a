import Ajv2020 from 'ajv/dist/2020';
import { EMPRESA_JSON_SCHEMA, MODIFICACIONES_EMPRESA_JSON_SCHEMA } from '@lib/schemas';
import { parseEmpresa, parseHistorialEmpresa } from './parse-empresa';
import { EMPRESA_COMPLETA, EMPRESA_SIN_SOCIOS, HISTORIAL_TRES, HISTORIAL_VACIO } from './registro.fixtures';

describe('EMPRESA_JSON_SCHEMA and MODIFICACIONES_EMPRESA_JSON_SCHEMA (libs/schemas)', () => {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  const empresa = ajv.compile(EMPRESA_JSON_SCHEMA);
  const historial = ajv.compile(MODIFICACIONES_EMPRESA_JSON_SCHEMA);

  it.each([
    ['a company with socios', EMPRESA_COMPLETA],
    ['a company without socios nor capital', EMPRESA_SIN_SOCIOS],
  ])('accepts what the parser reads from %s', (_name, html) => {
    const ok = empresa(parseEmpresa(html));
    expect(empresa.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it.each([
    ['three filings', HISTORIAL_TRES],
    ['an empty historial', HISTORIAL_VACIO],
  ])('accepts what the parser reads from a historial with %s', (_name, html) => {
    const ok = historial(parseHistorialEmpresa(html));
    expect(historial.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('refuses a made-up field, a capital that is not whole pesos, a RUT with dots and a date that is not ISO', () => {
    const e = parseEmpresa(EMPRESA_COMPLETA);
    expect(empresa({ ...e, extra: 1 })).toBe(false);
    expect(empresa({ ...e, capital: 1.5 })).toBe(false);
    expect(empresa({ ...e, socios: [{ ...e.socios[0], rut: '11.111.111-1' }] })).toBe(false);
    expect(empresa({ ...e, fecha_constitucion: '02-03-2015' })).toBe(false);
    const h = parseHistorialEmpresa(HISTORIAL_TRES);
    expect(historial([{ ...h[0], fecha: null }])).toBe(false);
    expect(historial([{ ...h[0], extra: 1 }])).toBe(false);
  });
});
