import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ValidateBy, ValidationOptions, buildMessage } from 'class-validator';
import { isValidRut, tryNormalizeRut } from './rut';

export const IS_RUT = 'isRut';

/**
 * A RUT with a correct modulo 11 digit, transformed to the canonical `12345678-K` (SiiTypes_v10.xsd RUTType) by the platform's
 * `transform: true` pipe; `{ each: true }` for arrays. Invalid values stay untouched so the validator reports them.
 */
export function IsRut(validationOptions?: ValidationOptions): PropertyDecorator {
  const each = validationOptions?.each === true;
  const normalize = (v: unknown): unknown => tryNormalizeRut(v) ?? v;
  return applyDecorators(
    Transform(({ value }) => (each && Array.isArray(value) ? value.map(normalize) : normalize(value))),
    ValidateBy(
      {
        name: IS_RUT,
        validator: {
          validate: (value: unknown): boolean => isValidRut(value),
          defaultMessage: buildMessage(
            (eachPrefix) => `${eachPrefix}$property must be a valid RUT (e.g. 12345678-5, modulo 11 check digit)`,
            validationOptions,
          ),
        },
      },
      validationOptions,
    ),
  );
}
