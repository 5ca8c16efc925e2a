import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ValidateBy, ValidationOptions, buildMessage } from 'class-validator';
import { isValidRut, tryNormalizeRut } from './rut';

/** class-validator constraint name reported for an invalid RUT. */
export const IS_RUT = 'isRut';

/**
 * Validates that a DTO property holds a RUT with a correct SII modulo 11 check digit and, when the
 * DTO is built by class-transformer (the platform ValidationPipe runs with `transform: true`),
 * replaces it by its canonical form `12345678-K` (SII RUTType, SiiTypes_v10.xsd).
 *
 * Works with `{ each: true }` for arrays of RUTs. Invalid values are left untouched by the
 * transform so that the validator reports them.
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
