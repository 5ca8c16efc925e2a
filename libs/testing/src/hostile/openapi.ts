export interface OpenApiSchema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  items?: OpenApiSchema;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  allOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
  anyOf?: OpenApiSchema[];
  nullable?: boolean;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: OpenApiSchema;
  example?: unknown;
}

export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: OpenApiSchema }> }>;
  security?: unknown[];
  'x-callers'?: string[];
  'x-public'?: boolean;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, OpenApiSchema> };
}

export interface Operation {
  method: string;
  path: string;
  op: OpenApiOperation;
  id: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, op, id: `${method.toUpperCase()} ${path}` })),
  );
}

/** Follows `$ref` and merges `allOf`. */
export function resolveSchema(doc: OpenApiDocument, schema: OpenApiSchema | undefined, seen = 0): OpenApiSchema {
  if (!schema || seen > 20) return {};
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return resolveSchema(doc, doc.components?.schemas?.[name], seen + 1);
  }
  if (schema.allOf) {
    const parts = schema.allOf.map((s) => resolveSchema(doc, s, seen + 1));
    return {
      ...schema,
      type: 'object',
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {}), schema.properties ?? {}),
      required: parts.flatMap((p) => p.required ?? []).concat(schema.required ?? []),
    };
  }
  if (schema.oneOf || schema.anyOf) return resolveSchema(doc, (schema.oneOf ?? schema.anyOf ?? [])[0], seen + 1);
  return schema;
}

export const isRutName = (name: string): boolean => /(^|[._])(rut|tenant)([._]|$)|^rut|rut$/i.test(name);

export const isDateLike = (name: string, sample?: unknown): boolean =>
  /fecha|date|periodo|desde|hasta|_at$/i.test(name) || (typeof sample === 'string' && /^\d{4}-\d{2}(-\d{2})?(T|$)/.test(sample));

const VALID_RUT = '76086428-5';

/** The value `named` gives for the field (e.g. an id the setup created), else example or default, else one from type and bounds. */
export function sampleValue(
  doc: OpenApiDocument,
  raw: OpenApiSchema | undefined,
  name: string,
  named: Record<string, unknown> = {},
  depth = 0,
): unknown {
  if (named[name] !== undefined) return named[name];
  const schema = resolveSchema(doc, raw);
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  if (depth > 6) return undefined;
  switch (schema.type) {
    case 'object':
      return sampleObject(doc, schema, named, depth);
    case 'array':
      return [sampleValue(doc, schema.items, name, named, depth + 1)];
    case 'integer':
      return Math.max(schema.minimum ?? 1, 1);
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    default:
      return sampleString(schema, name);
  }
}

function sampleObject(doc: OpenApiDocument, schema: OpenApiSchema, named: Record<string, unknown>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    if (!(schema.required ?? []).includes(key) && named[key] === undefined) continue;
    out[key] = sampleValue(doc, child, key, named, depth + 1);
  }
  return out;
}

function sampleString(schema: OpenApiSchema, name: string): string {
  if (schema.format === 'date-time') return '2026-01-15T12:00:00.000Z';
  if (schema.format === 'date') return '2026-01-15';
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema.format === 'uri' || /url$/i.test(name)) return 'https://example.com/x';
  if (isRutName(name)) return VALID_RUT;
  return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
}

export function leafPaths(value: unknown, limit = 60): (string | number)[][] {
  const out: (string | number)[][] = [];
  const walk = (v: unknown, path: (string | number)[]) => {
    if (out.length >= limit) return;
    if (Array.isArray(v)) {
      out.push(path);
      v.slice(0, 1).forEach((item, i) => walk(item, [...path, i]));
    } else if (v && typeof v === 'object') {
      if (path.length > 0) out.push(path);
      for (const [k, child] of Object.entries(v)) walk(child, [...path, k]);
    } else if (path.length > 0) out.push(path);
  };
  walk(value, []);
  return out;
}

export function withValue(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  const [head, ...rest] = path;
  copy[head] = withValue(copy[head], rest, replacement);
  return copy;
}

export function valueAt(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((v, key) => (v as Record<string | number, unknown> | undefined)?.[key], value);
}
