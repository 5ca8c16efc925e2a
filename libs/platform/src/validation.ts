import { ArgumentMetadata, HttpException, Logger, ValidationError, ValidationPipe } from '@nestjs/common';
import { FieldProblem, ProblemException } from '@lib/schemas';
import { MULTIPART_BODY } from './multipart-body';
import { rememberValidationMetadata } from './validation-metadata';

/** class-validator errors as `{field, message}`, one per failed constraint; `field` is the dotted path (`lines.0.amount`). */
export function toFieldProblems(errors: ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...toFieldProblems(error.children ?? [], field)];
  });
}

/** 400 `validation_failed` with `errors[]`: the platform's answer to an invalid DTO (docs/platform.md "Errors"). */
export function validationProblem(errors: ValidationError[]): ProblemException {
  const fieldProblems = toFieldProblems(errors);
  const count = fieldProblems.length;
  return new ProblemException(400, 'validation_failed', `The request has ${count} invalid field${count === 1 ? '' : 's'}.`, {
    errors: fieldProblems,
  });
}

/**
 * A DTO body must be a JSON object or absent (Nest turns `null` into `{}`, passing an all-optional PATCH). A transformer or validator
 * throwing on an unexpected value (decimal places of `1e-7`, `trim()` on a number) means bad input, not a broken server: 400.
 */
class PlatformValidationPipe extends ValidationPipe {
  private readonly logger = new Logger('ValidationPipe');

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (value === MULTIPART_BODY) {
      if (metadata.type !== 'body' || !this.toValidate(metadata)) return undefined;
      throw new ProblemException(
        415,
        'unsupported_media_type',
        'This route takes a JSON body (Content-Type: application/json), not multipart.',
      );
    }
    if (metadata.type === 'body' && value !== undefined && this.toValidate(metadata) && !isPlainObject(value)) {
      throw new ProblemException(400, 'validation_failed', 'The request body must be a JSON object.', {
        errors: [{ field: '(body)', message: `expected a JSON object, got ${describeJson(value)}` }],
      });
    }
    try {
      return await super.transform(value, metadata);
    } catch (e) {
      if (e instanceof HttpException) throw e;
      this.logger.warn({ err: e, dto: metadata.metatype?.name }, 'a transformer or validator threw on the input; answered 400');
      throw new ProblemException(400, 'validation_failed', `The request ${metadata.type} has a value that cannot be validated.`, {
        errors: [{ field: `(${metadata.type})`, message: 'a value has a form the validation rules cannot read' }],
        cause: e,
      });
    }
  }
}

const isPlainObject = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);
const describeJson = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`);

/** The global pipe (docs/platform.md "Validation"): whitelist, forbidNonWhitelisted, transform; values are never echoed back. */
export function createValidationPipe(): ValidationPipe {
  rememberValidationMetadata();
  return new PlatformValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => validationProblem(errors),
  });
}
