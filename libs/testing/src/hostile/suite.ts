import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { connect } from 'node:net';
import { DataSource } from 'typeorm';
import { TEST_KEYS } from '../app';
import { CorpusInput, HostileCase, casesFor } from './corpus';
import { HOSTILE_TEXTS } from './documents';
import { OpenApiDocument, Operation, operationsOf } from './openapi';

export interface StartedApp {
  app: NestFastifyApplication;
  close(): Promise<void>;
}

/** A second-order request as Nest's `inject` takes it (the suite adds the caller's key). */
export interface InjectRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: string | Buffer | object;
  headers?: Record<string, string>;
}

export interface SentAnswer {
  status: number;
  body: string;
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Sends as admin with the suite's headers, checks the answer like the corpus does, returns it. */
export type SendChecked = (request: InjectRequest) => Promise<SentAnswer>;

/** A value stored by one route (or in the database) and used later (a logo in a PDF); neither answer may be a 5xx. */
export interface SecondOrderCase {
  label: string;
  values: Record<string, unknown>;
  store(send: SendChecked, value: unknown, started: StartedApp): Promise<void>;
  use(send: SendChecked, started: StartedApp): Promise<void>;
}

/** Each route is called as `admin` when admitted, else its first caller; refusalTables (audit trails) may change on a 4xx. */
export interface HostileSuiteOptions extends Partial<Omit<CorpusInput, 'doc'>> {
  start(): Promise<StartedApp>;
  keys?: Record<string, string>;
  headers?(started: StartedApp): Promise<Record<string, string>> | Record<string, string>;
  setup?(started: StartedApp): Promise<void>;
  refusalTables?: string[];
  secondOrder?: SecondOrderCase[];
}

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

const PROBLEM = /^application\/problem\+json/;
const ERROR_VALUE = /^[a-z][a-z0-9_]*$/;
const HEALTH_PATHS = ['/health', '/healthz'];
const STACK = /\bat [^\n]+\.(ts|js):\d+|node_modules\//;

export function answerProblem(c: HostileCase, a: Answer, rowsChanged: string[]): string | undefined {
  if (a.status >= 500) return `${a.status} (5xx)`;
  if (c.mustRefuse && a.status < 400) return `${a.status}: accepted, must be refused with a 4xx`;
  if (STACK.test(a.body)) return `${a.status}: the answer shows a stack trace`;
  if (c.mustNotEcho && a.body.includes(c.mustNotEcho)) return `${a.status}: the answer echoes ${c.mustNotEcho}`;
  if (a.status < 400) return undefined;
  if (!PROBLEM.test(a.contentType)) return `${a.status}: content-type ${a.contentType || 'none'}, not application/problem+json`;
  let body: { error?: unknown; status?: unknown };
  try {
    body = JSON.parse(a.body) as typeof body;
  } catch {
    return `${a.status}: the problem body is not JSON`;
  }
  if (typeof body.error !== 'string' || !ERROR_VALUE.test(body.error)) return `${a.status}: no snake_case "error" member`;
  if (body.status !== a.status) return `${a.status}: body status ${String(body.status)}`;
  if (rowsChanged.length > 0) return `${a.status} ${body.error}: refused but wrote rows (${rowsChanged.join(', ')})`;
  return undefined;
}

async function rowCounter(dataSource: DataSource): Promise<() => Promise<Record<string, number>>> {
  const tables: { name: string }[] = await dataSource.query(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'migrations' ORDER BY 1`,
  );
  if (tables.length === 0) return async () => ({});
  const sql = `SELECT ${tables.map((t, i) => `(SELECT count(*) FROM "${t.name}")::int AS c${i}`).join(', ')}`;
  return async () => {
    const [row] = (await dataSource.query(sql)) as Record<string, number>[];
    return Object.fromEntries(tables.map((t, i) => [t.name, row[`c${i}`]]));
  };
}

function changedTables(before: Record<string, number>, after: Record<string, number>, ignored: string[]): string[] {
  return Object.keys(after)
    .filter((t) => !ignored.includes(t) && after[t] !== before[t])
    .map((t) => `${t} ${before[t]} -> ${after[t]}`);
}

function keyFor(op: Operation, keys: Record<string, string>): Record<string, string> {
  if (op.op['x-public']) return {};
  const callers = op.op['x-callers'] ?? ['*'];
  const caller = callers.includes('*') || callers.includes('admin') ? 'admin' : callers.find((c) => keys[c]);
  return caller && keys[caller] ? { 'x-internal-key': keys[caller] } : {};
}

export function documentationProblems(op: Operation): string[] {
  const responses = op.op.responses ?? {};
  const problems: string[] = [];
  const success = Object.entries(responses).filter(([s]) => /^[23]\d\d$/.test(s));
  if (success.length === 0) problems.push('no success response');
  for (const [status, r] of success) {
    const typed = Object.values(r.content ?? {}).some((m) => m.schema !== undefined);
    if (status !== '204' && !typed) problems.push(`${status} has no typed content`);
  }
  const errors = Object.entries(responses).filter(([s]) => /^[45]\d\d$/.test(s));
  if (errors.length === 0) problems.push('no problem response');
  const htmlPage = success.some(([, r]) => r.content?.['text/html']);
  for (const [status, r] of errors) {
    // Health probes answer 503 with their own report, which probes read; an HTML page may answer a browser with a page (410 "withdrawn").
    const exempt = HEALTH_PATHS.includes(op.path) || (htmlPage && r.content?.['text/html'] !== undefined);
    if (!r.content?.['application/problem+json'] && !exempt) problems.push(`${status} is not problem+json`);
  }
  if (!op.op['x-public']) {
    if (!responses['401']) problems.push('401 not documented');
    if (!op.op['x-callers']?.length) problems.push('no x-callers (use @Callers)');
  }
  return problems.map((p) => `${op.id}: ${p}`);
}

async function rawHttp(port: number, text: string): Promise<Answer> {
  const raw = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let out = '';
    socket.on('data', (d) => (out += d.toString('latin1')));
    socket.on('close', () => resolve(out));
    socket.on('error', reject);
  });
  const [head, ...rest] = raw.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
  const contentType = /\r\ncontent-type: ([^\r\n]+)/i.exec(head)?.[1] ?? '';
  return { status, contentType, body: rest.join('\r\n\r\n') };
}

const RAW_REQUESTS: [string, string][] = [
  ['headers larger than the limit', `GET /whoami HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`],
  ['request line larger than the limit', `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`],
  ['not HTTP', 'NOT HTTP AT ALL\r\n\r\n'],
  ['bad header name', 'GET /whoami HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n'],
  ['NUL in a header', 'GET /whoami HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n'],
  [
    'Content-Length and chunked together',
    'POST /whoami HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
  ],
  [
    'bad chunk size',
    'POST /whoami HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n',
  ],
  ['unsupported HTTP version', 'GET /whoami HTTP/9.9\r\nHost: x\r\n\r\n'],
];

/**
 * docs/platform.md "Hostile-input suite": a bounded corpus per operation of the OpenAPI document, then malformed HTTP; no 5xx,
 * problem+json with a snake_case `error`, no row count changed on a refusal.
 */
export function hostileInputSuite(appName: string, options: HostileSuiteOptions): void {
  describe(`${appName} hostile input (every route of its OpenAPI document)`, () => {
    let started: StartedApp;
    let doc: OpenApiDocument;
    let headers: Record<string, string>;

    beforeAll(async () => {
      started = await options.start();
      await options.setup?.(started);
      headers = (await options.headers?.(started)) ?? {};
      doc = (await started.app.inject({ method: 'GET', url: '/docs-json' })).json() as OpenApiDocument;
    }, 120_000);

    afterAll(async () => {
      await started?.close();
    });

    it('documents every route: a typed success, problem+json errors, 401 and the callers', () => {
      expect(operationsOf(doc).flatMap(documentationProblems)).toEqual([]);
    });

    it('answers every route of the corpus without a 5xx, with problem+json errors, and writes nothing when it refuses', async () => {
      const input: CorpusInput = {
        doc,
        pathValues: options.pathValues ?? {},
        queryValues: options.queryValues ?? {},
        bodies: options.bodies ?? {},
        files: options.files ?? {},
      };
      const keys = options.keys ?? TEST_KEYS;
      const counts = await rowCounter(started.app.get(DataSource));
      let before = await counts();
      const failures: string[] = [];
      let sent = 0;
      for (const op of operationsOf(doc)) {
        for (const c of casesFor(input, op, { ...headers, ...keyFor(op, keys) })) {
          const res = await started.app.inject({ method: c.method as 'GET', url: c.url, headers: c.headers, payload: c.payload });
          const after = await counts();
          const answer = { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), body: res.body };
          const problem = answerProblem(c, answer, changedTables(before, after, options.refusalTables ?? []));
          if (problem) failures.push(`${op.id} [${c.label}] ${c.method} ${c.url.slice(0, 100)} -> ${problem}`);
          before = after;
          sent++;
          if (process.env.HOSTILE_DEBUG) process.stderr.write(`${op.id} [${c.label}] -> ${res.statusCode} ${res.body.slice(0, 120)}\n`);
        }
      }
      if (process.env.HOSTILE_DEBUG) process.stderr.write(`hostile corpus: ${sent} requests\n`);
      expect(failures).toEqual([]);
    }, 300_000);

    if (options.secondOrder?.length) {
      it('answers every use of a hostile stored value without a 5xx (second-order input)', async () => {
        const failures: string[] = [];
        const admin = { 'x-internal-key': (options.keys ?? TEST_KEYS).admin, ...headers };
        const sender =
          (label: string): SendChecked =>
          async (r) => {
            const res = await started.app.inject({ ...r, headers: { ...admin, ...r.headers } } as Parameters<typeof started.app.inject>[0]);
            const answer = { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), body: res.body };
            // A page that prints a stored value escapes it: the raw markup of HOSTILE_TEXTS never reaches HTML.
            const markup = /^text\/html/.test(answer.contentType) && answer.body.includes(HOSTILE_TEXTS['HTML markup']);
            const problem = markup
              ? `${res.statusCode}: an HTML page prints stored markup unescaped`
              : answerProblem({ label, method: r.method, url: r.url, headers: {} }, answer, []);
            if (problem) failures.push(`${label}: ${r.method} ${r.url.slice(0, 80)} -> ${problem} ${res.body.slice(0, 160)}`);
            return { status: res.statusCode, body: res.body, json: () => res.json() };
          };
        for (const c of options.secondOrder ?? []) {
          for (const [valueLabel, value] of Object.entries(c.values)) {
            const label = `${c.label} [${valueLabel}]`;
            await c.store(sender(`${label} store`), value, started);
            await c.use(sender(`${label} use`), started);
          }
        }
        expect(failures).toEqual([]);
      }, 300_000);
    }

    it('answers malformed HTTP on the socket with problem+json', async () => {
      await started.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (started.app.getHttpServer().address() as { port: number }).port;
      const failures: string[] = [];
      for (const [label, text] of RAW_REQUESTS) {
        const answer = await rawHttp(port, text);
        const problem =
          answer.status === 0 ? 'no HTTP answer' : answerProblem({ label, method: '', url: '', headers: {}, mustRefuse: true }, answer, []);
        if (problem) failures.push(`[${label}] -> ${problem}`);
      }
      expect(failures).toEqual([]);
    });
  });
}
