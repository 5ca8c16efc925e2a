const REDACTED = '[redacted]';

/**
 * Names of headers, query parameters and fields that carry, or may carry, a credential. Matched
 * loosely on purpose: a key sent in the wrong place (`X_Internal_Key`, `?key=`, `?access_token=`)
 * is still a key.
 */
export const SECRET_NAME = /key|token|secret|cookie|passw|auth|session|credential|signature|certificate|rsask/i;

/** Copy of a header map with every value whose name looks like a credential replaced by `[redacted]`. */
export function redactHeaders(headers: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!headers) return headers;
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, SECRET_NAME.test(name) ? REDACTED : value]));
}

/** The URL with the value of every query parameter whose name looks like a credential replaced by `[redacted]`. */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed name is tested as written.
      }
      return SECRET_NAME.test(name) && eq >= 0 ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** Copy of a parsed query object with credential-like parameters redacted. */
export function redactQuery(query: unknown): unknown {
  if (!query || typeof query !== 'object') return query;
  return redactHeaders(query as Record<string, unknown>);
}

type Loggable = Record<string, unknown>;

const QUERY_ERROR_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'routine'] as const;
/** Properties of library errors that hold request configuration, bodies or SQL parameter values. */
const UNSAFE_ERROR_FIELDS = new Set([
  'config',
  'request',
  'response',
  'parameters',
  'driverError',
  'detail',
  'where',
  'internalQuery',
  'headers',
]);

/** An Error, also one made in another realm (Node's internals seen from a Jest sandbox). */
const isError = (e: unknown): e is Error => e instanceof Error || (typeof e === 'object' && e !== null && 'message' in e && 'stack' in e);

function isQueryError(err: Error): err is Error & { query?: unknown; code?: unknown } {
  const e = err as { name?: string; driverError?: unknown; parameters?: unknown };
  return e.name === 'QueryFailedError' || e.driverError !== undefined || (err as { severity?: unknown }).severity !== undefined;
}

/**
 * An error as it may appear in a log line. A failed SQL query keeps its statement, SQLSTATE and
 * constraint but neither its parameters nor PostgreSQL's message, which quotes the offending values
 * (RUTs, names, amounts). Other errors lose the request configuration and bodies that HTTP clients
 * attach to them (axios puts the outgoing headers, keys included, in `config`).
 */
export function loggableError(err: unknown, depth = 0): Loggable {
  if (!isError(err)) return { type: typeof err, message: String(err) };
  if (isQueryError(err)) {
    const out: Loggable = { type: err.name, message: `query failed (SQLSTATE ${String(err.code ?? 'unknown')})` };
    for (const field of QUERY_ERROR_FIELDS) {
      const value = (err as unknown as Loggable)[field];
      if (value !== undefined) out[field] = value;
    }
    if (typeof err.query === 'string') out.query = err.query.slice(0, 500);
    return out;
  }
  const out: Loggable = { type: err.name || err.constructor?.name, message: err.message, stack: err.stack };
  for (const [name, value] of Object.entries(err)) {
    if (UNSAFE_ERROR_FIELDS.has(name) || name === 'cause' || SECRET_NAME.test(name)) continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[name] = value;
  }
  const status = (err as { response?: { status?: unknown } }).response?.status;
  if (typeof status === 'number') out.status = status;
  if (err.cause !== undefined && depth < 3) out.cause = loggableError(err.cause, depth + 1);
  return out;
}

const RAW_ERROR = 'pino-raw-err-ref';

/**
 * pino-http serializers: request headers and query parameters that look like credentials are
 * redacted (copies; the request itself is untouched), and errors go through {@link loggableError}.
 */
export const logSerializers = {
  req: (req: Loggable): Loggable => ({
    ...req,
    url: redactUrl(req.url as string | undefined),
    query: redactQuery(req.query),
    headers: redactHeaders(req.headers as Record<string, unknown> | undefined),
  }),
  res: (res: Loggable): Loggable => ({ ...res, headers: redactHeaders(res.headers as Record<string, unknown> | undefined) }),
  err: (serialized: Loggable): Loggable => {
    const raw = Object.getOwnPropertySymbols(serialized).find((s) => s.description === RAW_ERROR);
    return loggableError(raw ? (serialized as Record<symbol, unknown>)[raw] : serialized);
  },
};
