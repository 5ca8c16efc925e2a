import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { PROBLEM_CONTENT_TYPE, errorForStatus, problemTitle } from './problem';
import { FieldProblemDto, ProblemDto } from './problem.dto';

export type ProblemResponseSpec = number | { status: number; errors?: string[]; description?: string };

/** `@ApiProblemResponses(400, 401, { status: 409, errors: ['conflict'] })`: each with {@link ProblemDto} as `application/problem+json`. */
export function ApiProblemResponses(...specs: ProblemResponseSpec[]): MethodDecorator & ClassDecorator {
  const responses = specs.map((spec) => {
    const { status, errors, description } = typeof spec === 'number' ? { status: spec, errors: undefined, description: undefined } : spec;
    const values = errors ?? [errorForStatus(status)];
    return ApiResponse({
      status,
      description: description ?? `${problemTitle(status)} (error: ${values.join(' | ')})`,
      content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: getSchemaPath(ProblemDto) } } },
    });
  });
  return applyDecorators(ApiExtraModels(ProblemDto, FieldProblemDto), ...responses);
}
