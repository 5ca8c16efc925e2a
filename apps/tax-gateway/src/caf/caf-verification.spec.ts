import { ProblemException } from '@lib/schemas';
import { assertCafEnvironment, assertCafStamps } from './caf-verification';

const error = (fn: () => void): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (e) {
    expect((e as ProblemException).getStatus()).toBe(422);
    return (e as ProblemException).error;
  }
};

describe('CAF rules at emission', () => {
  it('takes IDK 100 in certification and IDK 300 in production, never the other', () => {
    expect(error(() => assertCafEnvironment(100, 'cert', false))).toBeUndefined();
    expect(error(() => assertCafEnvironment(300, 'prod', false))).toBeUndefined();
    expect(error(() => assertCafEnvironment(300, 'cert', true))).toBe('caf_environment_mismatch');
    expect(error(() => assertCafEnvironment(100, 'prod', false))).toBe('caf_environment_mismatch');
  });

  it('takes the sim authority’s IDK only in certification with the sim trusted', () => {
    expect(error(() => assertCafEnvironment(900, 'cert', true))).toBeUndefined();
    expect(error(() => assertCafEnvironment(900, 'cert', false))).toBe('caf_environment_mismatch');
    expect(error(() => assertCafEnvironment(900, 'prod', true))).toBe('caf_environment_mismatch');
  });

  it('refuses a document dated before the CAF was authorized', () => {
    const caf = { fechaAutorizacion: '2026-11-20', idk: 100 };
    expect(error(() => assertCafStamps(caf, '2026-11-19', 'cert', false))).toBe('fecha_before_caf');
    expect(error(() => assertCafStamps(caf, '2026-11-20', 'cert', false))).toBeUndefined();
  });
});
