import { BadRequestException, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { toProblem } from './problem.filter';
import { validationProblem } from './validation';
import { ValidationError } from 'class-validator';

describe('toProblem', () => {
  it('keeps a ProblemException with its headers', () => {
    const { problem, headers } = toProblem(new ProblemException(429, 'rate_limited', 'later', { headers: { 'Retry-After': '3' } }));
    expect(problem).toMatchObject({ status: 429, error: 'rate_limited', detail: 'later' });
    expect(headers).toEqual({ 'Retry-After': '3' });
  });

  it('maps other HttpExceptions by status', () => {
    expect(toProblem(new NotFoundException('Cannot GET /x')).problem).toMatchObject({
      status: 404,
      error: 'not_found',
      detail: 'Cannot GET /x',
    });
    expect(toProblem(new BadRequestException(['a is bad', 'b is bad'])).problem.detail).toBe('a is bad; b is bad');
    expect(toProblem(new ServiceUnavailableException()).problem.error).toBe('service_unavailable');
  });

  it('keeps the 4xx status of Fastify errors (bad input is never a 500)', () => {
    const tooLarge = Object.assign(new Error('Request body is too large'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
    expect(toProblem(tooLarge).problem).toMatchObject({ status: 413, error: 'payload_too_large' });
    const media = Object.assign(new Error('Unsupported Media Type'), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' });
    expect(toProblem(media).problem).toMatchObject({ status: 415, error: 'unsupported_media_type' });
  });

  it('answers 409 conflict for a unique violation no service mapped (a race), without its SQL detail', () => {
    const raced = Object.assign(new Error('duplicate key value violates unique constraint "caf_range_uq"'), {
      driverError: { code: '23505', detail: 'Key (tenant)=(76086428-5) already exists.' },
    });
    const { problem } = toProblem(raced);
    expect(problem).toMatchObject({ status: 409, error: 'conflict' });
    expect(JSON.stringify(problem)).not.toMatch(/caf_range_uq|76086428/);
  });

  it('hides the message and stack of unexpected errors', () => {
    const { problem } = toProblem(new Error('password=hunter2 at db.ts:12'));
    expect(problem).toEqual({
      type: 'urn:problem-type:internal_error',
      title: 'Internal Server Error',
      status: 500,
      detail: 'An unexpected error occurred.',
      error: 'internal_error',
    });
    expect(toProblem(Object.assign(new Error('x'), { statusCode: 502 })).problem.status).toBe(500);
    expect(toProblem('a string').problem.status).toBe(500);
  });
});

describe('validationProblem', () => {
  it('flattens nested errors into dotted field paths', () => {
    const child = Object.assign(new ValidationError(), { property: 'amount', constraints: { isInt: 'amount must be an integer' } });
    const line = Object.assign(new ValidationError(), { property: '0', children: [child] });
    const lines = Object.assign(new ValidationError(), { property: 'lines', children: [line] });
    const tenant = Object.assign(new ValidationError(), {
      property: 'tenant',
      constraints: { isRut: 'bad rut', isString: 'not a string' },
    });
    const problem = validationProblem([tenant, lines]).getProblem();
    expect(problem).toMatchObject({ status: 400, error: 'validation_failed', detail: 'The request has 3 invalid fields.' });
    expect(problem.errors).toEqual([
      { field: 'tenant', message: 'bad rut' },
      { field: 'tenant', message: 'not a string' },
      { field: 'lines.0.amount', message: 'amount must be an integer' },
    ]);
  });
});
