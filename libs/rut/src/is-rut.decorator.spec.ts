import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { IsRut } from './is-rut.decorator';

class CompanyDto {
  @IsRut()
  rut!: string;
}

class ManyDto {
  @IsRut({ each: true })
  ruts!: string[];
}

function check<T extends object>(cls: new () => T, plain: object): { dto: T; errors: string[] } {
  const dto = plainToInstance(cls, plain);
  const errors = validateSync(dto).flatMap((e) => Object.values(e.constraints ?? {}));
  return { dto, errors };
}

describe('@IsRut()', () => {
  it('accepts and normalizes a valid RUT', () => {
    const { dto, errors } = check(CompanyDto, { rut: '76.354.771-k' });
    expect(errors).toEqual([]);
    expect(dto.rut).toBe('76354771-K');
  });

  it.each([['60803000-1'], ['abc'], [''], [null], [12345678], ['9'.repeat(100)]])('rejects %p', (rut) => {
    const { dto, errors } = check(CompanyDto, { rut });
    expect(errors).toEqual(['rut must be a valid RUT (e.g. 12345678-5, modulo 11 check digit)']);
    expect(dto.rut).toBe(rut);
  });

  it('rejects a missing property', () => {
    expect(check(CompanyDto, {}).errors).toHaveLength(1);
  });

  it('validates and normalizes each element with { each: true }', () => {
    const ok = check(ManyDto, { ruts: ['60.803.000-k', '60910000-1'] });
    expect(ok.errors).toEqual([]);
    expect(ok.dto.ruts).toEqual(['60803000-K', '60910000-1']);
    const bad = check(ManyDto, { ruts: ['60803000-K', '1-1'] });
    expect(bad.errors).toEqual(['each value in ruts must be a valid RUT (e.g. 12345678-5, modulo 11 check digit)']);
  });
});
