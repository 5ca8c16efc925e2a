import { HttpException } from '@nestjs/common';
import { buildProblem, errorForStatus, problemTitle, problemType } from './problem';
import { ProblemException } from './problem.exception';

describe('problem helpers', () => {
  it('maps statuses to stable error values', () => {
    expect(errorForStatus(401)).toBe('unauthorized');
    expect(errorForStatus(404)).toBe('not_found');
    expect(errorForStatus(429)).toBe('rate_limited');
    expect(errorForStatus(418)).toBe('client_error');
    expect(errorForStatus(599)).toBe('internal_error');
  });

  it('builds an RFC 9457 body whose reserved members cannot be overridden by extras', () => {
    expect(buildProblem(409, 'conflict', 'Folio used', { status: 200, trackid: '42' })).toEqual({
      type: 'urn:problem-type:conflict',
      title: 'Conflict',
      status: 409,
      detail: 'Folio used',
      error: 'conflict',
      trackid: '42',
    });
    expect(problemType('caf_missing')).toBe('urn:problem-type:caf_missing');
    expect(problemTitle(422)).toBe('Unprocessable Entity');
  });
});

describe('ProblemException', () => {
  it('is an HttpException carrying the problem body, headers kept out of the body', () => {
    const cause = new Error('socket hang up');
    const e = new ProblemException(429, 'rate_limited', 'Slow down', {
      headers: { 'Retry-After': '7' },
      cause,
      errors: [{ field: 'tenant', message: 'x' }],
    });
    expect(e).toBeInstanceOf(HttpException);
    expect(e.getStatus()).toBe(429);
    expect(e.headers).toEqual({ 'Retry-After': '7' });
    expect(e.cause).toBe(cause);
    expect(e.getProblem()).toEqual({
      type: 'urn:problem-type:rate_limited',
      title: 'Too Many Requests',
      status: 429,
      detail: 'Slow down',
      error: 'rate_limited',
      errors: [{ field: 'tenant', message: 'x' }],
    });
    expect(JSON.stringify(e.getProblem())).not.toContain('socket hang up');
  });

  it('gives the members to store without type and title, and wraps anything else as 500 internal_error', () => {
    const e = new ProblemException(503, 'sii_unavailable', 'Down', { enviado: false, headers: { 'Retry-After': '30' } });
    expect(e.toRecord()).toEqual({ status: 503, error: 'sii_unavailable', detail: 'Down', enviado: false });
    expect(ProblemException.of(e, 'unused')).toBe(e);
    const cause = new TypeError('x is undefined');
    const wrapped = ProblemException.of(cause, 'The job failed unexpectedly.');
    expect(wrapped.toRecord()).toEqual({ status: 500, error: 'internal_error', detail: 'The job failed unexpectedly.' });
    expect(wrapped.cause).toBe(cause);
  });
});
