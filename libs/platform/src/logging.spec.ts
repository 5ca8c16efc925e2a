import pino from 'pino';
import { Writable } from 'node:stream';
import { REDACT_PATHS, createRootLogger, escapeForLog, prettyOutput, setLogDestination } from './logging';
import { isHealthProbe } from './request-logging';
import { CommonConfig } from './config';

describe('escapeForLog', () => {
  it('escapes CR/LF, tabs, other control characters, line separators and backslashes', () => {
    expect(escapeForLog('TOKEN=abc\r\nSet-Cookie: x')).toBe('TOKEN=abc\\r\\nSet-Cookie: x');
    expect(escapeForLog('a\tb\u0000c\u001bd\u0085e\u2028f')).toBe('a\\tb\\u0000c\\u001bd\\u0085e\\u2028f');
    expect(escapeForLog('C:\\dir')).toBe('C:\\\\dir');
    expect(escapeForLog('Glosa: Envío Rechazado')).toBe('Glosa: Envío Rechazado');
  });

  it('encodes non-strings and truncates long values', () => {
    expect(escapeForLog({ a: 'x\ny' })).toBe('{"a":"x\\\\ny"}');
    expect(escapeForLog(Buffer.from([0x45, 0x0a, 0xf1]))).toBe('E\\nñ');
    expect(escapeForLog(undefined)).toBe('undefined');
    expect(escapeForLog('x'.repeat(30), 10)).toBe('xxxxxxxxxx...[truncated 20 chars]');
  });
});

describe('log redaction', () => {
  function capture(obj: object): string {
    let out = '';
    const stream = new Writable({ write: (chunk, _enc, cb) => ((out += String(chunk)), cb()) });
    pino({ redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, stream).info(obj, 'msg');
    return out;
  }

  it('removes keys, tokens, cookies, passwords and certificates, nested too', () => {
    const line = capture({
      req: { headers: { 'x-internal-key': 'K1', authorization: 'Bearer T1', cookie: 'TOKEN=C1', host: 'h' } },
      res: { headers: { 'set-cookie': 'TOKEN=C2' } },
      token: 'T2',
      body: { password: 'P1', certificate: 'PEM1', nested: { key: 'K2' } },
    });
    for (const secret of ['K1', 'T1', 'C1', 'C2', 'T2', 'P1', 'PEM1', 'K2']) expect(line).not.toContain(secret);
    expect(JSON.parse(line).req.headers.host).toBe('h');
  });

  it('does not log health probes and uses pretty output only in development', () => {
    expect(isHealthProbe('/health')).toBe(true);
    expect(isHealthProbe('/healthz?x=1')).toBe(true);
    expect(isHealthProbe('/healthcheck-not')).toBe(false);
    expect(isHealthProbe('/whoami')).toBe(false);
    expect(prettyOutput(Object.assign(new CommonConfig(), { NODE_ENV: 'production' }))).toBe(false);
    // pino-pretty is a dev dependency of this repository, so it resolves here.
    expect(prettyOutput(Object.assign(new CommonConfig(), { NODE_ENV: 'development' }))).toBe(true);
  });

  it('writes JSON lines at LOG_LEVEL, redacted, to the destination of setLogDestination', () => {
    let out = '';
    setLogDestination(new Writable({ write: (chunk, _enc, cb) => ((out += String(chunk)), cb()) }));
    try {
      const root = createRootLogger('x', Object.assign(new CommonConfig(), { NODE_ENV: 'development', LOG_LEVEL: 'warn' }));
      root.info('not at this level');
      root.warn({ body: { password: 'P1' } }, 'kept');
    } finally {
      setLogDestination(undefined);
    }
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([expect.objectContaining({ name: 'x', msg: 'kept', body: { password: '[redacted]' } })]);
  });
});
