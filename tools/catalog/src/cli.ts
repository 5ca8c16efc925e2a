import { readFileSync } from 'node:fs';
import {
  STYLE_CATALOG_SCHEMA_ID,
  formatStyleCatalogViolation,
  styleCatalogConsistencyWarnings,
  validateStyleCatalog,
  type StyleCatalog,
} from '@lib/schemas';

/** 0 valid, 1 schema violations, 2 usage, unreadable file or invalid JSON. */
export const EXIT = { valid: 0, invalid: 1, usage: 2 } as const;

export interface Io {
  out(line: string): void;
  err(line: string): void;
}

export const USAGE = `usage: npm run catalog -- validate FILE [--json]

  validate FILE   validate a style component catalog (${STYLE_CATALOG_SCHEMA_ID})
  --json          print one JSON object instead of text

exit codes: 0 valid; 1 schema violations; 2 usage error, unreadable file or invalid JSON`;

export function runCatalogCli(argv: string[], io: Io): number {
  const json = argv.includes('--json');
  const args = argv.filter((a) => a !== '--json');
  if (args[0] === '--help' || args[0] === '-h' || args[0] === 'help') {
    io.out(USAGE);
    return EXIT.valid;
  }
  const unknownFlag = args.find((a) => a.startsWith('-'));
  if (args[0] !== 'validate' || args.length !== 2 || unknownFlag) {
    io.err(unknownFlag ? `unknown option ${unknownFlag}` : 'expected: validate FILE');
    io.err(USAGE);
    return EXIT.usage;
  }
  return validateFile(args[1], json, io);
}

function validateFile(file: string, json: boolean, io: Io): number {
  const fail = (error: 'unreadable' | 'invalid_json', message: string): number => {
    if (json) io.out(JSON.stringify({ file, valid: false, error, message }));
    else io.err(`${file}: ${error === 'unreadable' ? 'cannot read file' : 'not valid JSON'} (${message})`);
    return EXIT.usage;
  };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    return fail('unreadable', (err as Error).message);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    return fail('invalid_json', (err as Error).message);
  }
  const { valid, errors } = validateStyleCatalog(doc);
  const warnings = valid ? styleCatalogConsistencyWarnings(doc as StyleCatalog) : [];
  if (json) {
    io.out(JSON.stringify({ file, valid, errors, warnings }));
  } else if (valid) {
    const count = (doc as StyleCatalog).components.length;
    io.out(`${file}: valid ${STYLE_CATALOG_SCHEMA_ID} catalog (${count} component${count === 1 ? '' : 's'})`);
    for (const w of warnings) io.out(`warning: ${w}`);
  } else {
    io.out(`${file}: invalid, ${errors.length} violation${errors.length === 1 ? '' : 's'} of ${STYLE_CATALOG_SCHEMA_ID}`);
    for (const e of errors) io.out(`  ${formatStyleCatalogViolation(e)}`);
  }
  return valid ? EXIT.valid : EXIT.invalid;
}
