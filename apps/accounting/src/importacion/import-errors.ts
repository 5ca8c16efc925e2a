import { ProblemException } from '@lib/schemas';

/**
 * One problem of an import file: the 1-based line of the file and what is to blame: a column
 * (`comprobante`, `fecha`, `cuenta`, `glosa`, `debe`, `haber`), the `header`, or the `file`
 * itself (a platform field problem plus its line).
 */
export interface ImportError {
  line: number;
  field: string;
  message: string;
}

/** How many problems the 422 answer lists (all are counted in `errors_total`). */
export const MAX_LISTED_ERRORS = 100;

/**
 * Collects the problems of an import file across the streaming pass and the checks against the
 * books. Every problem is kept (they are small) so the answer lists the FIRST ones by line.
 */
export class ImportErrors {
  private readonly list: ImportError[] = [];

  add(line: number, field: string, message: string): void {
    this.list.push({ line, field, message });
  }

  get count(): number {
    return this.list.length;
  }

  /**
   * The 422 `import_invalid` problem: `errors[]` (the first {@link MAX_LISTED_ERRORS} by line),
   * `errors_total` and `errors_listed`.
   */
  toProblem(): ProblemException {
    const sorted = [...this.list].sort((a, b) => a.line - b.line);
    const errors = sorted.slice(0, MAX_LISTED_ERRORS);
    const total = sorted.length;
    return new ProblemException(422, 'import_invalid', `The file has ${total} problem${total === 1 ? '' : 's'}; nothing was imported.`, {
      errors,
      errors_total: total,
      errors_listed: errors.length,
    });
  }
}
