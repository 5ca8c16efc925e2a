export { PROBLEM_CONTENT_TYPE, buildProblem, errorForStatus, problemTitle, problemType } from './problem';
export type { FieldProblem, ProblemDetails } from './problem';
export { ProblemException } from './problem.exception';
export type { ProblemExtras } from './problem.exception';
export { FieldProblemDto, ProblemDto } from './problem.dto';
export { ApiProblemResponses } from './api-problem-responses.decorator';
export type { ProblemResponseSpec } from './api-problem-responses.decorator';
export * from './style-catalog';
export * from './marketplace';
