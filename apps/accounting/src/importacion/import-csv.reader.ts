import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { parse, type Parser } from 'csv-parse';
import { fechaFueraDeRango, isCalendarDate } from '@lib/dte';
import { ImportErrors } from './import-errors';

/** The columns of an import file, in this order (header line required, case-insensitive). */
export const IMPORT_HEADER = ['comprobante', 'fecha', 'cuenta', 'glosa', 'debe', 'haber'] as const;

export const MAX_IMPORT_LINES = 500_000;

/** A data line that passed the line checks: CLP whole pesos, exactly one side > 0. */
export interface ImportRow {
  /** The last line of a record whose quoted glosa spans lines. */
  line: number;
  comprobante: string;
  fecha: string;
  cuenta: string;
  glosa: string | null;
  debe: number;
  haber: number;
}

export interface ParsedImport {
  rows: ImportRow[];
  /** Comprobantes with a bad line: their entry checks (balance, date) are skipped. */
  brokenComprobantes: Set<string>;
  dataLines: number;
  /** False when a CSV syntax error or the line limit stopped parsing (entry checks would be partial). */
  complete: boolean;
  sha256: string;
  bytes: number;
  delimiter: ',' | ';';
}

const AMOUNT = /^\d{1,16}$/;
const MAX_COMPROBANTE = 64;
const MAX_CUENTA = 40;
const MAX_GLOSA = 500;
const HEAD_PEEK_BYTES = 64 * 1024;

/** `;` when the first line has semicolons and no commas (spreadsheets in es-CL locales), else `,`. */
export function detectDelimiter(head: Buffer): ',' | ';' {
  const nl = head.indexOf(0x0a);
  const first = (nl < 0 ? head : head.subarray(0, nl)).toString('utf8');
  return first.includes(';') && !first.includes(',') ? ';' : ',';
}

/** Whole pesos: empty is 0; digits only (no sign, separators or decimals). */
function pesos(cell: string): number | undefined {
  if (cell === '') return 0;
  if (!AMOUNT.test(cell)) return undefined;
  const n = Number(cell);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** The row, or undefined after adding its problems to `errors` (the rules of entry-rules.ts). */
export function checkRow(record: string[], line: number, errors: ImportErrors): ImportRow | undefined {
  if (record.length !== IMPORT_HEADER.length) {
    errors.add(line, 'row', `expected ${IMPORT_HEADER.length} columns (${IMPORT_HEADER.join(',')}), got ${record.length}`);
    return undefined;
  }
  const [comprobante, fecha, cuenta, glosa, debeText, haberText] = record.map((c) => c.trim());
  const before = errors.count;
  if (record.some((c) => c.includes('\uFFFD'))) errors.add(line, 'file', 'not UTF-8 text; save the file as UTF-8');
  if (comprobante === '' || comprobante.length > MAX_COMPROBANTE)
    errors.add(line, 'comprobante', `comprobante is required (at most ${MAX_COMPROBANTE} characters)`);
  if (!isCalendarDate(fecha)) errors.add(line, 'fecha', `"${fecha.slice(0, 40)}" is not a calendar date YYYY-MM-DD`);
  else if (fechaFueraDeRango(fecha)) errors.add(line, 'fecha', fechaFueraDeRango(fecha) as string);
  if (cuenta === '' || cuenta.length > MAX_CUENTA) errors.add(line, 'cuenta', 'cuenta (the account codigo, e.g. 1.2) is required');
  if (glosa.length > MAX_GLOSA) errors.add(line, 'glosa', `glosa is longer than ${MAX_GLOSA} characters`);
  const debe = pesos(debeText);
  const haber = pesos(haberText);
  if (debe === undefined)
    errors.add(line, 'debe', `"${debeText.slice(0, 40)}" is not whole pesos (digits only: no sign, separators or decimals)`);
  if (haber === undefined)
    errors.add(line, 'haber', `"${haberText.slice(0, 40)}" is not whole pesos (digits only: no sign, separators or decimals)`);
  if (debe !== undefined && haber !== undefined && debe > 0 === haber > 0) {
    errors.add(
      line,
      debe > 0 ? 'haber' : 'debe',
      debe > 0
        ? 'both debe and haber are positive; a line has exactly one side'
        : 'debe and haber are both zero; a line has exactly one positive side',
    );
  }
  if (errors.count > before) return undefined;
  return { line, comprobante, fecha, cuenta, glosa: glosa === '' ? null : glosa, debe: debe as number, haber: haber as number };
}

class RecordSink {
  readonly rows: ImportRow[] = [];
  readonly broken = new Set<string>();
  dataLines = 0;
  lastLine = 0;
  private headerSeen = false;
  stopped = false;

  constructor(private readonly errors: ImportErrors) {}

  accept(record: string[], line: number): void {
    this.lastLine = line;
    if (this.stopped) return;
    if (!this.headerSeen) {
      this.headerSeen = true;
      const got = record.map((c) => c.trim().toLowerCase());
      if (got.join(',') !== IMPORT_HEADER.join(',')) {
        this.errors.add(
          line,
          'header',
          `expected the header ${IMPORT_HEADER.join(',')} (separator , or ;), got ${record.join(',').slice(0, 120)}`,
        );
        this.stopped = true;
      }
      return;
    }
    this.dataLines += 1;
    if (this.dataLines > MAX_IMPORT_LINES) {
      this.errors.add(line, 'file', `more than ${MAX_IMPORT_LINES} data lines; split the history into several files`);
      this.stopped = true;
      return;
    }
    const row = checkRow(record, line, this.errors);
    if (row) this.rows.push(row);
    else if (record[0]?.trim()) this.broken.add(record[0].trim());
  }

  finish(): void {
    if (!this.headerSeen) this.errors.add(1, 'file', `the file is empty; expected the header ${IMPORT_HEADER.join(',')} and data lines`);
    else if (this.dataLines === 0 && !this.stopped) this.errors.add(this.lastLine + 1, 'file', 'the file has a header but no data lines');
  }
}

function createParser(delimiter: ',' | ';', sink: RecordSink, onError: (err: Error & { lines?: number }) => void): Parser {
  const parser = parse({ delimiter, bom: true, info: true, relax_column_count: true, skip_empty_lines: true, max_record_size: 100_000 });
  parser.on('data', (r: { record: string[]; info: { lines: number } }) => sink.accept(r.record, r.info.lines));
  parser.on('error', onError);
  return parser;
}

/** Streams an uploaded CSV (UTF-8, BOM allowed) through the parser and the audit hash; a syntax error stops parsing, not reading. */
export async function readImportCsv(file: AsyncIterable<Buffer>, errors: ImportErrors): Promise<ParsedImport> {
  const hash = createHash('sha256');
  const sink = new RecordSink(errors);
  let bytes = 0;
  let head: Buffer | undefined = Buffer.alloc(0);
  let delimiter: ',' | ';' = ',';
  let parser: Parser | undefined;
  let failed = false;
  const onError = (err: Error & { lines?: number }) => {
    failed = true;
    errors.add(err.lines ?? sink.lastLine + 1, 'file', `CSV syntax: ${err.message.slice(0, 200)}`);
  };
  const feed = async (chunk: Buffer) => {
    if (failed || !parser) return;
    // once() rejects on 'error'; that error is already recorded by onError.
    if (!parser.write(chunk)) await once(parser, 'drain').catch(() => undefined);
  };
  for await (const chunk of file) {
    hash.update(chunk);
    bytes += chunk.length;
    if (head) {
      head = Buffer.concat([head, chunk]);
      if (head.indexOf(0x0a) < 0 && head.length < HEAD_PEEK_BYTES) continue;
      delimiter = detectDelimiter(head);
      parser = createParser(delimiter, sink, onError);
      const first = head;
      head = undefined;
      await feed(first);
    } else {
      await feed(chunk);
    }
  }
  if (head && head.length > 0) {
    delimiter = detectDelimiter(head);
    parser = createParser(delimiter, sink, onError);
    await feed(head);
  }
  if (parser && !failed) {
    parser.end();
    await once(parser, 'end').catch(() => undefined);
  }
  sink.finish();
  const complete = !failed && !sink.stopped;
  return {
    rows: sink.rows,
    brokenComprobantes: sink.broken,
    dataLines: sink.dataLines,
    complete,
    sha256: hash.digest('hex'),
    bytes,
    delimiter,
  };
}
