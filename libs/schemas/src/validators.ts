import { fechaFueraDeRango, isCalendarDate } from '@lib/dte';
import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsObject, ValidateBy, ValidateIf, ValidateNested, ValidationOptions } from 'class-validator';
import { ProblemException } from './problem.exception';

/** `@IsOptional()` for an absent value only: an explicit `null` is validated (and refused) instead of reaching the service. */
export const IsAbsentOr = (): PropertyDecorator => ValidateIf((_object, value) => value !== undefined);

/** `IsObject` on each element matters: `ValidateNested` alone lets `[[{...}]]` through. */
export function ArrayOfObjects(type: () => new () => object, size: { min?: number; max: number }): PropertyDecorator {
  return applyDecorators(
    IsArray(),
    ...(size.min !== undefined ? [ArrayMinSize(size.min)] : []),
    ArrayMaxSize(size.max),
    IsObject({ each: true }),
    ValidateNested({ each: true }),
    Type(type),
  );
}

/** `YYYY-MM-DD`, a real date (SiiTypes_v10.xsd FechaType); plausibility (@lib/dte `fechaFueraDeRango`) is the service's 422. */
export function IsFecha(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isFecha',
      validator: { validate: (value) => isCalendarDate(value), defaultMessage: (a) => `${a?.property} must be a calendar date YYYY-MM-DD` },
    },
    options,
  );
}

/** `@Min(0)` lets JSON `-0` through; a negative zero means a negative amount rounded away, not a price. */
export function IsNotNegativeZero(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isNotNegativeZero',
      validator: { validate: (value) => !Object.is(value, -0), defaultMessage: (a) => `${a?.property} must not be -0` },
    },
    options,
  );
}

/**
 * A non-negative decimal as a JSON number or decimal string (strings keep digits past 15 significant ones), at most `integers` +
 * `places` digits, in [min, max]; `-0`, exponents, signs refused. SiiTypes_v10.xsd Dec12_6Type (12 + 6), PctType (3 + 2).
 */
export function IsDecimalAmount(
  opts: { integers: number; places: number; min?: number; max?: number },
  options?: ValidationOptions,
): PropertyDecorator {
  const pattern = new RegExp(`^\\d{1,${opts.integers}}(\\.\\d{1,${opts.places}})?$`);
  return ValidateBy(
    {
      name: 'isDecimalAmount',
      validator: {
        validate: (value) => {
          if (typeof value === 'number') {
            if (!Number.isFinite(value) || Object.is(value, -0) || value < 0) return false;
            value = String(value);
            if (/e/i.test(value as string)) return false;
          }
          if (typeof value !== 'string' || !pattern.test(value)) return false;
          const n = Number(value);
          return (opts.min === undefined || n >= opts.min) && (opts.max === undefined || n <= opts.max);
        },
        defaultMessage: (a) =>
          `${a?.property} must be a decimal (number or string) with at most ${opts.integers} integer and ${opts.places} decimal digits` +
          (opts.min !== undefined || opts.max !== undefined ? ` between ${opts.min ?? 0} and ${opts.max ?? '∞'}` : ''),
      },
    },
    options,
  );
}

/** @lib/dte `fechaFueraDeRango` as a 422: PostgreSQL would book year 0 or 9999. @throws ProblemException `fecha_out_of_range`. */
export function assertFechaEnRango(fecha: string, field: string): void {
  const reason = fechaFueraDeRango(fecha);
  if (reason) throw new ProblemException(422, 'fecha_out_of_range', `${field}: ${reason}`, { errors: [{ field, message: reason }] });
}
