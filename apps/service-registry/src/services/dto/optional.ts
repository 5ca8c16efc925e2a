import { ValidateIf } from 'class-validator';

/** Like @IsOptional() but only for an absent value: an explicit `null` is validated (and rejected). */
export const IsAbsentOr = (): PropertyDecorator => ValidateIf((_object, value) => value !== undefined);
