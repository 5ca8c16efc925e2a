import { HOSTILE_XML, derivedDocuments, isXml } from './documents';
import {
  OpenApiDocument,
  OpenApiSchema,
  Operation,
  isDateLike,
  isRutName,
  leafPaths,
  resolveSchema,
  sampleValue,
  valueAt,
  withValue,
} from './openapi';

/** One hostile request; `mustRefuse` needs a 4xx (NUL, deep JSON, malformed bodies), others only must not fail. */
export interface HostileCase {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  mustRefuse?: boolean;
  mustNotEcho?: string;
}

/** What the corpus needs beyond the OpenAPI document: raw path and query values by name, a valid body and files per operation id. */
export interface CorpusInput {
  doc: OpenApiDocument;
  pathValues: Record<string, string>;
  queryValues: Record<string, string>;
  bodies: Record<string, Record<string, unknown>>;
  files: Record<string, Buffer>;
}

const TEN_MB = 10 * 1024 * 1024;
const JSON_TYPE = { 'content-type': 'application/json' };
const UNICODE = 'ñandú Ñuñoa 😀 \u202eevil\u202c e\u0301 \u200b\ufeff 𝔘𝔫𝔦';
const INVALID_RUTS = ['12345678-0', '1-1', 'K-K', '123456789012345-6', '76.086.428-X', '-5'];
const TRAVERSAL = '../../../../etc/passwd';
/** Year 0 does not exist, so no document may carry it; the edge dates must not fail. */
const YEAR_ZERO = ['0000-01-01', '0000-02-01', '0000', '0000-01'];
const ODD_DATES = ['0001-01-01', '9999-12-31', '2025-02-30', '2025-13-01', '9999', '9999-12', '1969-12-31T23:59:59Z'];

const dateCases = (): [string, string, boolean][] => [
  ...YEAR_ZERO.map((d): [string, string, boolean] => [`date ${d}`, d, true]),
  ...ODD_DATES.map((d): [string, string, boolean] => [`date ${d}`, d, false]),
];

function yearZeroDocument(text: string): string | undefined {
  const moved = text.replace(/\b\d{4}-(\d{2})-(\d{2})\b/g, '0000-$1-$2');
  return moved === text ? undefined : moved;
}

const enc = (value: string): string => encodeURIComponent(value);

function buildUrl(op: Operation, pathValues: Record<string, string>, query: [string, string][]): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => pathValues[name]);
  const qs = query.map(([k, v]) => `${k}=${v}`).join('&');
  return qs ? `${path}?${qs}` : path;
}

function pathParams(op: Operation) {
  return (op.op.parameters ?? []).filter((p) => p.in === 'path');
}

function queryParams(op: Operation) {
  return (op.op.parameters ?? []).filter((p) => p.in === 'query');
}

function basePathValues(input: CorpusInput, op: Operation): Record<string, string> {
  return Object.fromEntries(
    pathParams(op).map((p) => [
      p.name,
      enc(input.pathValues[p.name] ?? String(p.example ?? sampleValue(input.doc, p.schema, p.name, named(input)))),
    ]),
  );
}

/** Body fields named like a path or query parameter use the app's value for it. */
const named = (input: CorpusInput): Record<string, unknown> => ({ ...input.pathValues, ...input.queryValues });

function baseQuery(input: CorpusInput, op: Operation): [string, string][] {
  return queryParams(op)
    .filter((p) => p.required || input.queryValues[p.name] !== undefined)
    .map((p) => [p.name, enc(input.queryValues[p.name] ?? String(p.example ?? sampleValue(input.doc, p.schema, p.name, named(input))))]);
}

const PATH_CASES = (name: string): [string, string, boolean][] => [
  ['NUL', 'a%00b', true],
  ['bad percent-encoding', '%E0%A4%A', true],
  ['percent-encoded invalid UTF-8', '%C3%28', true],
  ['over-long segment', 'a'.repeat(300), true],
  ['path traversal', enc(TRAVERSAL), false],
  ['encoded dot segment', '%2E%2E', false],
  ['unicode', enc(UNICODE), false],
  ['SQL', enc("' OR '1'='1"), false],
  ['markup', enc('<script>alert(1)</script>'), false],
  ['huge number', '9'.repeat(40), false],
  ['negative number', '-1', false],
  ...(isRutName(name) ? INVALID_RUTS.map((r): [string, string, boolean] => [`invalid RUT ${r}`, enc(r), false]) : []),
  ...(isDateLike(name) ? dateCases() : []),
];

const QUERY_CASES = (name: string): [string, string, boolean][] => [
  ['NUL', 'a%00', true],
  ['huge value', 'x'.repeat(8000), false],
  ['unicode', enc(UNICODE), false],
  ['path traversal', enc(TRAVERSAL), false],
  ['empty', '', false],
  ['not a number', 'NaN', false],
  ['huge number', '1e309', false],
  ['negative', '-1', false],
  ...(isRutName(name) ? INVALID_RUTS.map((r): [string, string, boolean] => [`invalid RUT ${r}`, enc(r), false]) : []),
  ...(isDateLike(name) ? dateCases() : []),
];

function urlCases(input: CorpusInput, op: Operation, headers: Record<string, string>): HostileCase[] {
  const paths = basePathValues(input, op);
  const query = baseQuery(input, op);
  const body = jsonBodyOf(input, op);
  const payloadHeaders = body === undefined ? headers : { ...headers, ...JSON_TYPE };
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const make = (
    label: string,
    p: Record<string, string>,
    q: [string, string][],
    mustRefuse = false,
    mustNotEcho?: string,
  ): HostileCase => ({
    label,
    method: op.method,
    url: buildUrl(op, p, q),
    headers: payloadHeaders,
    payload,
    mustRefuse,
    mustNotEcho,
  });
  const cases = [make('baseline (valid values)', paths, query)];
  for (const param of pathParams(op)) {
    for (const [label, value, refuse] of PATH_CASES(param.name)) {
      cases.push(
        make(
          `path ${param.name}: ${label}`,
          { ...paths, [param.name]: value },
          query,
          refuse,
          label === 'bad percent-encoding' ? value : undefined,
        ),
      );
    }
  }
  for (const param of queryParams(op)) {
    const others = query.filter(([k]) => k !== param.name);
    for (const [label, value, refuse] of QUERY_CASES(param.name))
      cases.push(make(`query ${param.name}: ${label}`, paths, [...others, [param.name, value]], refuse));
    const valid = query.find(([k]) => k === param.name)?.[1] ?? 'x';
    cases.push(make(`query ${param.name}: repeated`, paths, [...others, [param.name, valid], [param.name, valid]]));
  }
  cases.push(make('query: unexpected parameter', paths, [...query, ['unexpected_param', '1']]));
  cases.push(make('query: NUL in a name', paths, [...query, ['a%00', '1']], true));
  cases.push(make('query: bad percent-encoding', paths, [...query, ['q', '%E0%A4%A']]));
  return cases;
}

function jsonSchemaOf(op: Operation): OpenApiSchema | undefined {
  return op.op.requestBody?.content?.['application/json']?.schema;
}

function multipartSchemaOf(op: Operation): OpenApiSchema | undefined {
  return op.op.requestBody?.content?.['multipart/form-data']?.schema;
}

function jsonBodyOf(input: CorpusInput, op: Operation): Record<string, unknown> | undefined {
  const schema = jsonSchemaOf(op);
  if (!schema) return undefined;
  return input.bodies[op.id] ?? (sampleValue(input.doc, schema, 'body', named(input)) as Record<string, unknown>);
}

const RAW = '__hostile_raw_literal__';

function withRawLiteral(body: unknown, path: (string | number)[], literal: string): string {
  return JSON.stringify(withValue(body, path, RAW)).replace(`"${RAW}"`, literal);
}

const NUMBER_LITERALS = [
  '1e308',
  '-1e308',
  '1e-300',
  '1e-7',
  '0.0000001',
  '-0',
  '9007199254740993',
  '123456789012345678901234567890',
  '1.5',
];

function mutationsOf(name: string, sample: unknown): [string, unknown, boolean][] {
  const out: [string, unknown, boolean?][] = [
    ['null', null],
    ['NUL inside', typeof sample === 'string' ? `${sample}\u0000` : 'a\u0000'],
    ['huge string', 'x'.repeat(100_000)],
    ['unicode', UNICODE],
    ['lone surrogate', '\ud800x'],
    ['path traversal', TRAVERSAL],
    ['object instead', { a: 1 }],
    ['array instead', [sample]],
    ['boolean instead', true],
  ];
  if (typeof sample === 'string') out.push(['number instead', 12345]);
  if (typeof sample === 'number') out.push(['numeric string', String(sample)], ['not a number', 'abc']);
  if (Array.isArray(sample)) out.push(['empty array', []], ['10 000 items', Array.from({ length: 10_000 }, () => sample[0])]);
  if (isRutName(name) || (typeof sample === 'string' && /^\d{1,8}-[\dkK]$/.test(sample))) {
    for (const rut of INVALID_RUTS) out.push([`invalid RUT ${rut}`, rut]);
  }
  if (isDateLike(name, sample)) for (const [label, value, refuse] of dateCases()) out.push([label, value, refuse]);
  if (/base64/i.test(name)) {
    for (const [label, doc] of Object.entries(HOSTILE_XML)) out.push([`base64 of ${label}`, doc.toString('base64')]);
    out.push(['not base64', '***not base64***']);
    const dated = typeof sample === 'string' ? yearZeroDocument(Buffer.from(sample, 'base64').toString('latin1')) : undefined;
    if (dated) out.push(['base64 of the document dated year 0', Buffer.from(dated, 'latin1').toString('base64'), true]);
    const given = typeof sample === 'string' ? Buffer.from(sample, 'base64') : undefined;
    if (given && isXml(given))
      for (const [label, doc] of derivedDocuments(given)) out.push([`base64 of ${label}`, doc.toString('base64'), true]);
  } else if (/xml/i.test(name)) {
    for (const [label, doc] of Object.entries(HOSTILE_XML)) out.push([label, doc.toString('latin1')]);
    const dated = typeof sample === 'string' ? yearZeroDocument(sample) : undefined;
    if (dated) out.push(['the document dated year 0', dated, true]);
    const given = typeof sample === 'string' ? Buffer.from(sample, 'latin1') : undefined;
    if (given && isXml(given)) for (const [label, doc] of derivedDocuments(given)) out.push([label, doc.toString('latin1'), true]);
  }
  return out.map(([label, value, refuse]) => [label, value, refuse === true || label === 'NUL inside']);
}

const caseMaker =
  (op: Operation, url: string, defaults: Record<string, string>) =>
  (label: string, payload: string | Buffer, headers: Record<string, string> = defaults, mustRefuse = false): HostileCase => ({
    label,
    method: op.method,
    url,
    headers,
    payload,
    mustRefuse,
  });

function bodyCases(input: CorpusInput, op: Operation, headers: Record<string, string>): HostileCase[] {
  const body = jsonBodyOf(input, op);
  if (body === undefined) return [];
  const url = buildUrl(op, basePathValues(input, op), baseQuery(input, op));
  const json = { ...headers, ...JSON_TYPE };
  const make = caseMaker(op, url, json);
  const valid = JSON.stringify(body);
  const cases: HostileCase[] = [
    make('body: valid', valid),
    make('body: byte order mark before the JSON', '\ufeff{}'),
    ...['{', '{"a":}', "{'a':1}", '{"a":1,}', 'NaN', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}'].map(
      (text) => make(`body: invalid JSON ${text}`, text, json, true),
    ),
    ...['null', '[]', `[${valid}]`, '"text"', '0', 'true'].map((text) => make(`body: ${text} instead of an object`, text, json, true)),
    make('body: empty object', '{}'),
    make('body: unexpected property', JSON.stringify({ ...body, unexpected_property: 1 })),
    make('body: 1500 levels of arrays', '['.repeat(1500) + ']'.repeat(1500), json, true),
    make('body: 1500 levels in a property', `{"a":${'{"a":'.repeat(1500)}1${'}'.repeat(1500)}}`, json, true),
    make('body: NUL in a property name', JSON.stringify({ ...body, 'a\u0000': 1 }), json, true),
    make('body: 10 MB', JSON.stringify({ ...body, padding: 'x'.repeat(TEN_MB) }), json, true),
    make('content type: text/plain', valid, { ...headers, 'content-type': 'text/plain' }, true),
    make('content type: application/xml', '<a/>', { ...headers, 'content-type': 'application/xml' }, true),
    make('content type: form-urlencoded', 'a=1&b=2', { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, true),
    make('content type: multipart without boundary', valid, { ...headers, 'content-type': 'multipart/form-data' }, true),
    make('content type: none', valid, { ...headers }, true),
    make('body: UTF-16 JSON', Buffer.from(valid, 'utf16le'), { ...headers, 'content-type': 'application/json; charset=utf-16' }, true),
    make(
      'body: invalid UTF-8 inside a string',
      Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from('"}')]),
      json,
    ),
  ];
  for (const path of leafPaths(body)) {
    const name = path.filter((p) => typeof p === 'string').join('.');
    const sample = valueAt(body, path);
    for (const [label, value, refuse] of mutationsOf(name, sample)) {
      cases.push(make(`body ${name}: ${label}`, JSON.stringify(withValue(body, path, value)), json, refuse));
    }
    if (typeof sample === 'number' || typeof sample === 'string') {
      for (const literal of NUMBER_LITERALS) cases.push(make(`body ${name}: number ${literal}`, withRawLiteral(body, path, literal)));
    }
  }
  return cases;
}

interface Part {
  name: string;
  data: Buffer | string;
  filename?: string;
  contentType?: string;
}

const BOUNDARY = '----hostile-input-boundary';

function multipartBody(parts: Part[]): Buffer {
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n` +
        (p.contentType ? `Content-Type: ${p.contentType}\r\n` : '') +
        '\r\n',
    ),
    Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

function multipartCases(input: CorpusInput, op: Operation, headers: Record<string, string>): HostileCase[] {
  const schema = resolveSchema(input.doc, multipartSchemaOf(op));
  if (!schema.properties) return [];
  const url = buildUrl(op, basePathValues(input, op), baseQuery(input, op));
  const fileFields = Object.entries(schema.properties)
    .filter(([, s]) => resolveSchema(input.doc, s).format === 'binary')
    .map(([k]) => k);
  const given = input.bodies[op.id] ?? {};
  const textFields = Object.entries(schema.properties)
    .filter(([k]) => !fileFields.includes(k))
    .map(([k, s]): Part => ({ name: k, data: String(given[k] ?? sampleValue(input.doc, s, k, named(input))) }));
  const file = input.files[op.id] ?? Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a/>');
  const fileParts = (data: Buffer): Part[] =>
    fileFields.map((name) => ({ name, data, filename: `${name}.xml`, contentType: 'application/xml' }));
  const mp = { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
  const make = caseMaker(op, url, mp);
  const valid = multipartBody([...textFields, ...fileParts(file)]);
  const cases: HostileCase[] = [
    make('multipart: valid', valid),
    make('multipart: no boundary', valid, { ...headers, 'content-type': 'multipart/form-data' }, true),
    make('multipart: truncated body', valid.subarray(0, Math.floor(valid.length * 0.6)), mp, true),
    make('multipart: only the opening boundary', Buffer.from(`--${BOUNDARY}\r\n`), mp, true),
    make('multipart: no file', multipartBody(textFields), mp, fileFields.length > 0),
    make('multipart: 10 MB file', multipartBody([...textFields, ...fileParts(Buffer.alloc(TEN_MB, 0x61))]), mp, true),
    make('multipart: unexpected field', multipartBody([...textFields, { name: 'unexpected_field', data: 'x' }, ...fileParts(file)])),
    make('multipart: sent as JSON', Buffer.from('{}'), { ...headers, ...JSON_TYPE }, true),
  ];
  if (fileFields.length === 1) {
    const twice = [...fileParts(file), ...fileParts(file)];
    cases.push(make('multipart: two files where one is expected', multipartBody([...textFields, ...twice]), mp, true));
  }
  for (const [label, doc] of Object.entries(HOSTILE_XML))
    cases.push(make(`file: ${label}`, multipartBody([...textFields, ...fileParts(doc)])));
  if (input.files[op.id] && isXml(file)) {
    for (const [label, doc] of derivedDocuments(file))
      cases.push(make(`file: ${label}`, multipartBody([...textFields, ...fileParts(doc)]), mp, true));
  }
  for (const field of textFields) {
    for (const [label, value] of [
      ['NUL', 'a\u0000b'],
      ['huge', 'x'.repeat(200_000)],
      ['unicode', UNICODE],
      ...(isRutName(field.name) ? INVALID_RUTS.map((r) => [`invalid RUT ${r}`, r]) : []),
    ]) {
      const parts = textFields.map((p) => (p.name === field.name ? { ...p, data: value } : p));
      cases.push(make(`field ${field.name}: ${label}`, multipartBody([...parts, ...fileParts(file)])));
    }
  }
  return cases;
}

/** Bounded: a fixed set per parameter, per body leaf (at most 60) and per file. */
export function casesFor(input: CorpusInput, op: Operation, headers: Record<string, string>): HostileCase[] {
  return [...urlCases(input, op, headers), ...bodyCases(input, op, headers), ...multipartCases(input, op, headers)];
}
