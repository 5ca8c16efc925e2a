import { readFileSync } from 'node:fs';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import { STYLE_CATALOG_JSON_SCHEMA } from './style-catalog.schema';
import type { StyleCatalog } from './style-catalog.types';

/** One schema violation: where (RFC 6901 JSON pointer), which rule (JSON Schema keyword), why. */
export interface StyleCatalogViolation {
  /** Pointer to the offending value; for `required` / `additionalProperties`, to the property itself. "" is the root. */
  pointer: string;
  /** The JSON Schema keyword that failed: required, additionalProperties, const, enum, pattern, minimum, minLength, minItems, type. */
  rule: string;
  message: string;
}

export interface StyleCatalogValidation {
  valid: boolean;
  errors: StyleCatalogViolation[];
}

/** Thrown by `loadStyleCatalog`; `violations` is empty when the file could not be read or parsed. */
export class StyleCatalogError extends Error {
  constructor(
    message: string,
    readonly violations: StyleCatalogViolation[] = [],
  ) {
    super(message);
    this.name = 'StyleCatalogError';
  }
}

let compiled: ValidateFunction | undefined;

function validator(): ValidateFunction {
  // strict: unknown keywords, formats or types in the schema are compile errors. allowUnionTypes is
  // needed only for generated_at (string or null).
  compiled ??= new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true }).compile(STYLE_CATALOG_JSON_SCHEMA);
  return compiled;
}

const escapePointerToken = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');

function toViolation(error: ErrorObject): StyleCatalogViolation {
  const params = error.params as Record<string, unknown>;
  let pointer = error.instancePath;
  let message = error.message ?? 'is invalid';
  switch (error.keyword) {
    case 'required':
      pointer += `/${escapePointerToken(String(params.missingProperty))}`;
      message = 'is required';
      break;
    case 'additionalProperties':
      pointer += `/${escapePointerToken(String(params.additionalProperty))}`;
      message = 'is not allowed (no properties beyond those listed)';
      break;
    case 'const':
      message = `must be ${JSON.stringify(params.allowedValue)}`;
      break;
    case 'enum':
      message = `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
      break;
  }
  return { pointer, rule: error.keyword, message };
}

/**
 * Validates a parsed catalog document against the JSON Schema of docs/spec/3-style-catalog-and-accounting.md (draft 2020-12, ajv strict,
 * all errors). Never throws for bad input; returns every violation, sorted by pointer.
 */
export function validateStyleCatalog(doc: unknown): StyleCatalogValidation {
  const validate = validator();
  if (validate(doc)) return { valid: true, errors: [] };
  const errors = (validate.errors ?? []).map(toViolation);
  errors.sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
  return { valid: false, errors };
}

/** Renders a violation as `<pointer>: <rule> (<message>)`; the root is written `(root)`. */
export function formatStyleCatalogViolation(v: StyleCatalogViolation): string {
  return `${v.pointer === '' ? '(root)' : v.pointer}: ${v.rule} (${v.message})`;
}

/**
 * Reads a catalog file (UTF-8 JSON), validates it and returns it typed.
 * Throws `StyleCatalogError` when the file cannot be read, is not JSON, or violates the schema; the
 * message names the file and lists every violation, one per line.
 */
export function loadStyleCatalog(path: string): StyleCatalog {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new StyleCatalogError(`style catalog ${path}: cannot read file (${(err as Error).message})`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new StyleCatalogError(`style catalog ${path}: not valid JSON (${(err as Error).message})`);
  }
  const { valid, errors } = validateStyleCatalog(doc);
  if (!valid) {
    const lines = errors.map((e) => `  ${formatStyleCatalogViolation(e)}`).join('\n');
    throw new StyleCatalogError(
      `style catalog ${path}: ${errors.length} schema violation(s) of platform.style.components.v1:\n${lines}`,
      errors,
    );
  }
  return doc as StyleCatalog;
}
