import { fechaFueraDeRango, isCalendarDate } from '@lib/dte';
import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsObject, ValidateBy, ValidateIf, ValidateNested, ValidationOptions } from 'class-validator';
import { ProblemException } from './problem.exception';

/**
 * Like `@IsOptional()` but only for an absent value: an explicit `null` is validated (and so refused by
 * the type check that follows) instead of passing as "not given" and reaching the service.
 */
export const IsAbsentOr = (): PropertyDecorator => ValidateIf((_object, value) => value !== undefined);

/**
 * An array of `min`..`max` JSON objects, each validated as `type()`. `IsObject` on each element matters:
 * `ValidateNested` alone walks into an element that is itself an array and lets `[[{...}]]` through.
 */
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

/**
 * A calendar date `YYYY-MM-DD` (no 2025-02-30), as the SII's FechaType writes it (SiiTypes_v10.xsd).
 * Whether the date is plausible (@lib/dte `fechaFueraDeRango`) is a business rule answered with 422 by
 * the service, not a shape error.
 */
export function IsFecha(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isFecha',
      validator: { validate: (value) => isCalendarDate(value), defaultMessage: (a) => `${a?.property} must be a calendar date YYYY-MM-DD` },
    },
    options,
  );
}

/**
 * Refuses JSON `-0`: `@Min(0)` lets it through (-0 >= 0), but a negative zero is a sign the client
 * computed a negative amount that rounded away, not a price it means.
 */
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
 * A non-negative decimal sent as a JSON number or as a decimal string ("1234.500001"), with at most
 * `integers` integer and `places` fraction digits and within [min, max]. Strings keep every digit (a JSON
 * number above 15 significant digits does not); `-0`, exponents and signs are refused. Amounts of the SII
 * formats: Dec12_6Type (12 + 6) for quantities and prices, PctType (3 + 2) for percents (SiiTypes_v10.xsd).
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

/**
 * Refuses a date outside the plausible range of @lib/dte `fechaFueraDeRango` (SiiTypes FechaType,
 * at most one year ahead): PostgreSQL would book year 0 or 9999, the SII never accepts them.
 * @param fecha a calendar date `YYYY-MM-DD` (check the format first).
 * @throws ProblemException 422 `fecha_out_of_range` naming `field`.
 */
export function assertFechaEnRango(fecha: string, field: string): void {
  const reason = fechaFueraDeRango(fecha);
  if (reason) throw new ProblemException(422, 'fecha_out_of_range', `${field}: ${reason}`, { errors: [{ field, message: reason }] });
}
