import { ValidationError, ValidationPipe } from '@nestjs/common';
import { FieldProblem, ProblemException } from '@lib/schemas';

/**
 * Flattens class-validator errors into `{field, message}` pairs; `field` is the dotted path of the
 * property (`lines.0.amount`), one entry per failed constraint.
 */
export function toFieldProblems(errors: ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...toFieldProblems(error.children ?? [], field)];
  });
}

/** 400 `validation_failed` with `errors[]`: the platform's answer to an invalid DTO (DESIGN §3 "Errors"). */
export function validationProblem(errors: ValidationError[]): ProblemException {
  const fieldProblems = toFieldProblems(errors);
  const count = fieldProblems.length;
  return new ProblemException(400, 'validation_failed', `The request has ${count} invalid field${count === 1 ? '' : 's'}.`, {
    errors: fieldProblems,
  });
}

/**
 * The global ValidationPipe (DESIGN §3 "Validation"): whitelist, forbidNonWhitelisted, transform;
 * failures become {@link validationProblem}. Values are never echoed back in messages.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => validationProblem(errors),
  });
}
