/** Every call printed, every unexpected answer throws. */
export class SmokeFailure extends Error {}

export interface CallOptions {
  key?: string;
  body?: unknown;
  form?: FormData;
  expect?: number | number[];
  headers?: Record<string, string>;
}

export interface CallResult<T> {
  status: number;
  body: T;
  /** As sent (an XML file is ISO-8859-1). */
  raw: Buffer;
}

export async function call<T = Record<string, unknown>>(method: string, url: string, opts: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers['x-internal-key'] = opts.key;
  let payload: BodyInit | undefined;
  if (opts.form) payload = opts.form;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(opts.body);
  }
  const res = await fetch(url, { method, headers, body: payload });
  const raw = Buffer.from(await res.arrayBuffer());
  const text = raw.toString('utf8');
  const body = parseBody(text) as T;
  const expected = [opts.expect ?? [200, 201]].flat();
  if (!expected.includes(res.status)) {
    throw new SmokeFailure(`${method} ${url} answered ${res.status}, expected ${expected.join(' or ')}:\n${text.slice(0, 2000)}`);
  }
  return { status: res.status, body, raw };
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new SmokeFailure(message);
}

let stepNo = 0;
export async function step<T>(title: string, fn: () => Promise<T>): Promise<T> {
  stepNo += 1;
  const started = Date.now();
  process.stdout.write(`${String(stepNo).padStart(2)}. ${title} ... `);
  try {
    const result = await fn();
    process.stdout.write(`ok (${Date.now() - started} ms)\n`);
    return result;
  } catch (err) {
    process.stdout.write('FAILED\n');
    throw err;
  }
}
