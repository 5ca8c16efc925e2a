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
 * Refuses a date outside the plausible range of @lib/dte `fechaFueraDeRango` (SiiTypes FechaType,
 * at most one year ahead): PostgreSQL would book year 0 or 9999, the SII never accepts them.
 * @param fecha a calendar date `YYYY-MM-DD` (check the format first).
 * @throws ProblemException 422 `fecha_out_of_range` naming `field`.
 */
export function assertFechaEnRango(fecha: string, field: string): void {
  const reason = fechaFueraDeRango(fecha);
  if (reason) throw new ProblemException(422, 'fecha_out_of_range', `${field}: ${reason}`, { errors: [{ field, message: reason }] });
}
