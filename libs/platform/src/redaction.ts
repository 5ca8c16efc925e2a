const REDACTED = '[redacted]';

/** Credential-like names, matched loosely on purpose: a key sent in the wrong place (`X_Internal_Key`, `?access_token=`) is a key. */
export const SECRET_NAME = /key|token|secret|cookie|passw|auth|session|credential|signature|certificate|rsask/i;

/** Copy of a header map with credential-like values replaced by `[redacted]`. */
export function redactHeaders(headers: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!headers) return headers;
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, SECRET_NAME.test(name) ? REDACTED : value]));
}

/** The URL with credential-like query values replaced by `[redacted]`. */
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
 * An error fit for a log line: a failed query keeps statement, SQLSTATE and constraint, never its parameters nor PostgreSQL's
 * message, which quotes the values (RUTs, amounts); others lose what HTTP clients attach (axios' `config` holds the keys).
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

/** pino serializers: credential-like headers and query values redacted (in copies), errors through {@link loggableError}. */
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
