import { readFileSync } from 'node:fs';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import { STYLE_CATALOG_JSON_SCHEMA } from './style-catalog.schema';
import type { StyleCatalog } from './style-catalog.types';

/** `pointer` RFC 6901 ("" the root; for required/additionalProperties the property itself); `rule` the failing JSON Schema keyword. */
export interface StyleCatalogViolation {
  pointer: string;
  rule: string;
  message: string;
}

export interface StyleCatalogValidation {
  valid: boolean;
  errors: StyleCatalogViolation[];
}

/** `violations` is empty when the file could not be read or parsed. */
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
  // strict: unknown keywords, formats or types are compile errors; allowUnionTypes only for generated_at (string or null).
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

/** The JSON Schema of docs/spec/3-style-catalog-and-accounting.md; never throws; every violation, sorted by pointer. */
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

/** @throws StyleCatalogError (unreadable, not JSON, or invalid), naming the file and every violation. */
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
