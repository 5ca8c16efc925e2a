import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { connect } from 'node:net';
import { DataSource } from 'typeorm';
import { TEST_KEYS } from '../app';
import { CorpusInput, HostileCase, casesFor } from './corpus';
import { HOSTILE_TEXTS } from './documents';
import { OpenApiDocument, Operation, operationsOf } from './openapi';

/** A started app and how to stop it (and whatever it needed: signer, fake SII, identity provider...). */
export interface StartedApp {
  app: NestFastifyApplication;
  close(): Promise<void>;
}

/** One request of a second-order case, as Nest's `inject` takes it (the suite adds the caller's key). */
export interface InjectRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: string | Buffer | object;
  headers?: Record<string, string>;
}

/** The answer of a request sent by a second-order case. */
export interface SentAnswer {
  status: number;
  body: string;
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Sends a request as admin (with the suite's headers), checks its answer like the corpus does, and returns it. */
export type SendChecked = (request: InjectRequest) => Promise<SentAnswer>;

/**
 * Second-order input: a value stored by one route (or found in the database, as a record written before a
 * check existed would be) and used by others later: a logo printed in a PDF, a name printed and sent, a glosa
 * signed in an answer. Each hostile value is stored, then used; no answer of either may be a 5xx.
 */
export interface SecondOrderCase {
  /** What is stored and where it is used, e.g. `logo (PUT /tax/emisores) -> PDF`. */
  label: string;
  /** The hostile (and a few valid) values, by label. */
  values: Record<string, unknown>;
  /** Stores one value, through the API with `send` or straight into the database. */
  store(send: SendChecked, value: unknown, started: StartedApp): Promise<void>;
  /** Uses what was stored (after each store), with `send`. */
  use(send: SendChecked, started: StartedApp): Promise<void>;
}

/** How an app runs the shared hostile-input suite. */
export interface HostileSuiteOptions extends Partial<Omit<CorpusInput, 'doc'>> {
  /** Boots the app on its own database, without listening; the suite listens when it needs a socket. */
  start(): Promise<StartedApp>;
  /** Keys of callers by name; the suite calls each route as `admin` when admitted, else its first caller. */
  keys?: Record<string, string>;
  /** Headers sent with every request, e.g. an end user's bearer token, computed after `setup`. */
  headers?(started: StartedApp): Promise<Record<string, string>> | Record<string, string>;
  /** Creates what the valid values refer to (a service, a CAF...) before the corpus runs. */
  setup?(started: StartedApp): Promise<void>;
  /** Tables that record refusals by design (an audit trail): their row counts may change on a 4xx. */
  refusalTables?: string[];
  /** Values stored by one route and used by another (see {@link SecondOrderCase}). */
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

/** Why an answer breaks the platform's rules, or undefined when it keeps them. */
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

/** Row counts of every table of the app's database but the migrations table, in one query. */
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

/** The key to call an operation with: admin when admitted, else its first caller; none on public routes. */
function keyFor(op: Operation, keys: Record<string, string>): Record<string, string> {
  if (op.op['x-public']) return {};
  const callers = op.op['x-callers'] ?? ['*'];
  const caller = callers.includes('*') || callers.includes('admin') ? 'admin' : callers.find((c) => keys[c]);
  return caller && keys[caller] ? { 'x-internal-key': keys[caller] } : {};
}

/** Why an operation's documentation is incomplete: success type, problem responses, callers. */
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
    // The health probes answer 503 with their own report ({"status":"error"}), which probes read; an
    // HTML page may answer a browser with a page (the registry's 410 "withdrawn" page).
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
 * The hostile-input suite (docs/platform.md "Hostile-input suite"), for one app: reads the
 * app's own OpenAPI document and sends every operation a fixed, bounded corpus (malformed URLs and
 * encodings, NUL, path traversal, unicode, invalid RUTs, repeated and huge query parameters, invalid
 * JSON, wrong content types and JSON types, deep JSON, null bodies, huge strings and numbers, 10 MB
 * bodies, hostile XML and files, malformed multipart), then malformed HTTP on a socket. Asserts no
 * 5xx, every error is problem+json with a snake_case `error`, and no table changed its row count
 * on a refused request. Routes added later are covered as soon as they are in the document.
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
