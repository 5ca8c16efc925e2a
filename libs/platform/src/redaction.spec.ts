import { loggableError, redactHeaders, redactUrl } from './redaction';

describe('redactHeaders / redactUrl', () => {
  it('redact every header and query parameter whose name suggests a credential', () => {
    expect(
      redactHeaders({ x_internal_key: 'k', 'x-api-token': 't', cookie: 'c', 'x-session-id': 's', host: 'h', 'x-tenant': '1-9' }),
    ).toEqual({
      x_internal_key: '[redacted]',
      'x-api-token': '[redacted]',
      cookie: '[redacted]',
      'x-session-id': '[redacted]',
      host: 'h',
      'x-tenant': '1-9',
    });
    expect(redactUrl('/a?key=K&tenant=1-9&access_token=T&Password=P&x%5Fkey=Z')).toBe(
      '/a?key=[redacted]&tenant=1-9&access_token=[redacted]&Password=[redacted]&x%5Fkey=[redacted]',
    );
    expect(redactUrl('/a')).toBe('/a');
  });
});

describe('loggableError', () => {
  it('keeps the statement and SQLSTATE of a failed query, never its parameters or the message quoting them', () => {
    const err = Object.assign(new Error('invalid input syntax for type uuid: "76086428-5"'), {
      name: 'QueryFailedError',
      query: 'SELECT $1::uuid',
      parameters: ['76086428-5'],
      code: '22P02',
      detail: 'Key (rut)=(76086428-5)',
      driverError: { code: '22P02' },
    });
    const out = loggableError(err);
    expect(out).toMatchObject({ type: 'QueryFailedError', code: '22P02', query: 'SELECT $1::uuid' });
    expect(JSON.stringify(out)).not.toContain('76086428');
  });

  it('drops the request configuration an HTTP client attaches, keeping status and causes', () => {
    const err = Object.assign(new Error('Request failed with status code 503'), {
      code: 'ERR_BAD_RESPONSE',
      config: { headers: { 'X-Internal-Key': 'SECRET' } },
      response: { status: 503, data: 'body' },
      cause: new Error('socket hang up'),
    });
    const out = loggableError(err);
    expect(out).toMatchObject({ message: 'Request failed with status code 503', code: 'ERR_BAD_RESPONSE', status: 503 });
    expect((out.cause as { message: string }).message).toBe('socket hang up');
    expect(JSON.stringify(out)).not.toContain('SECRET');
  });
});
