import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { FieldProblem, ProblemDetails } from './problem';

/** OpenAPI schema of one field problem. */
export class FieldProblemDto implements FieldProblem {
  @ApiProperty({ example: 'tenant', description: 'Dotted path of the offending input field' })
  field!: string;

  @ApiProperty({ example: 'tenant must be a valid RUT (e.g. 12345678-5, modulo 11 check digit)' })
  message!: string;
}

/** OpenAPI schema of the RFC 9457 problem body every app returns on error. */
export class ProblemDto implements ProblemDetails {
  [extension: string]: unknown;

  @ApiProperty({ example: 'urn:problem-type:validation_failed', description: 'Problem type URI' })
  type!: string;

  @ApiProperty({ example: 'Bad Request', description: 'HTTP reason phrase of the status' })
  title!: string;

  @ApiProperty({ example: 400 })
  status!: number;

  @ApiProperty({ example: 'The request has 1 invalid field.' })
  detail!: string;

  @ApiPropertyOptional({ example: '/tax/auth/token', description: 'Request path' })
  instance?: string;

  @ApiProperty({ example: 'validation_failed', description: 'Stable snake_case error value' })
  error!: string;

  @ApiPropertyOptional({ type: [FieldProblemDto] })
  errors?: FieldProblemDto[];
}
