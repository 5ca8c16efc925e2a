import { answerPolicy } from './endpoint-answer';

describe('answerPolicy', () => {
  it.each([
    [201, { status: 'processed' }, 'accepted', true, false],
    [200, { status: 'duplicate' }, 'duplicate', true, false],
    [200, 'duplicate', 'accepted', true, false],
    [422, { error: 'invalid_dte' }, 'rejected', true, false],
    [400, { error: 'validation_failed' }, 'rejected', true, false],
    [413, {}, 'rejected', true, false],
    [409, { error: 'period_closed' }, 'retry', false, false],
    [408, {}, 'retry', false, false],
    [401, { error: 'unauthorized' }, 'retry', false, true],
    [403, {}, 'retry', false, true],
    [404, { error: 'not_found' }, 'retry', false, true],
    [429, { error: 'rate_limited' }, 'retry', false, true],
    [500, {}, 'failed', false, false],
    [503, {}, 'failed', false, true],
    [504, {}, 'failed', false, true],
  ])('HTTP %i %j -> %s, ack %s, stop %s', (status, body, outcome, ack, stopRun) => {
    expect(answerPolicy(status, body)).toEqual({ outcome, ack, stopRun });
  });
});
