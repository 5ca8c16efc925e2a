import { HttpException } from '@nestjs/common';
import { checkEntry } from '../asientos/entry-rules';
import { ImportErrors } from './import-errors';
import { ImportRow, ParsedImport } from './import-csv.reader';

export interface ImportAccount {
  id: string;
  codigo: string;
  imputable: boolean;
}

/** The lines of one comprobante, in file order. */
export interface PlannedEntry {
  comprobante: string;
  fecha: string;
  glosa: string;
  firstLine: number;
  rows: ImportRow[];
}

interface Group extends PlannedEntry {
  broken: boolean;
}

// linea_asiento.linea is a smallint.
const MAX_LINES_PER_ENTRY = 32_767;

/** The source comprobante (traceability) and the first line's glosa. */
function entryGlosa(comprobante: string, rows: ImportRow[]): string {
  const first = rows.find((r) => r.glosa)?.glosa;
  return (first ? `Comprobante ${comprobante}: ${first}` : `Comprobante ${comprobante}`).slice(0, 500);
}

function checkGroup(g: Group, errors: ImportErrors): void {
  try {
    checkEntry(g.fecha, g.rows);
  } catch (err) {
    if (!(err instanceof HttpException)) throw err;
    const body = err.getResponse() as {
      error?: string;
      detail?: string;
      sumas_debe?: number;
      sumas_haber?: number;
      errors?: { message: string }[];
    };
    const lines = `lines ${g.rows.map((r) => r.line).join(', ')}`.slice(0, 200);
    if (body.error === 'unbalanced_entry') {
      errors.add(
        g.firstLine,
        'comprobante',
        `comprobante ${g.comprobante} does not balance: debe ${body.sumas_debe}, haber ${body.sumas_haber} (${lines})`,
      );
    } else {
      for (const e of body.errors ?? [{ message: body.detail ?? 'invalid entry' }]) {
        errors.add(g.firstLine, 'comprobante', `comprobante ${g.comprobante}: ${e.message} (${lines})`);
      }
    }
  }
}

/**
 * Groups the lines by comprobante into entries checked against the ledger rules and the books (under the
 * empresa lock). Entries come ordered by date, then by first appearance, so numbers follow the calendar.
 */
export function planEntries(
  parsed: ParsedImport,
  accounts: Map<string, ImportAccount>,
  closed: Set<string>,
  errors: ImportErrors,
): PlannedEntry[] {
  const groups = new Map<string, Group>();
  for (const row of parsed.rows) {
    let g = groups.get(row.comprobante);
    if (!g) {
      g = {
        comprobante: row.comprobante,
        fecha: row.fecha,
        glosa: '',
        firstLine: row.line,
        rows: [],
        broken: parsed.brokenComprobantes.has(row.comprobante),
      };
      groups.set(row.comprobante, g);
    }
    g.rows.push(row);
    if (row.fecha !== g.fecha) {
      errors.add(row.line, 'fecha', `comprobante ${g.comprobante} is dated ${g.fecha} on line ${g.firstLine}; an entry has one date`);
      g.broken = true;
    }
    const account = accounts.get(row.cuenta);
    if (!account) errors.add(row.line, 'cuenta', `unknown account ${row.cuenta.slice(0, 40)} (not in this empresa's chart)`);
    else if (!account.imputable) errors.add(row.line, 'cuenta', `account ${row.cuenta} has sub-accounts and takes no postings`);
  }
  for (const g of groups.values()) {
    if (closed.has(g.fecha.slice(0, 7))) {
      errors.add(g.firstLine, 'fecha', `period ${g.fecha.slice(0, 7)} is closed (comprobante ${g.comprobante})`);
    }
    if (g.rows.length > MAX_LINES_PER_ENTRY) {
      errors.add(g.firstLine, 'comprobante', `comprobante ${g.comprobante} has more than ${MAX_LINES_PER_ENTRY} lines`);
    } else if (!g.broken && parsed.complete) {
      checkGroup(g, errors);
    }
  }
  return [...groups.values()]
    .sort((a, b) => (a.fecha < b.fecha ? -1 : a.fecha > b.fecha ? 1 : a.firstLine - b.firstLine))
    .map(({ comprobante, fecha, firstLine, rows }) => ({ comprobante, fecha, firstLine, rows, glosa: entryGlosa(comprobante, rows) }));
}
