import { ProblemException } from '@lib/schemas';

/** `field`: a column, `header`, or `file` (a platform field problem plus its line). */
export interface ImportError {
  line: number;
  field: string;
  message: string;
}

/** All are counted in `errors_total`. */
export const MAX_LISTED_ERRORS = 100;

/** Every problem is kept (they are small) so the answer lists the FIRST ones by line. */
export class ImportErrors {
  private readonly list: ImportError[] = [];

  add(line: number, field: string, message: string): void {
    this.list.push({ line, field, message });
  }

  get count(): number {
    return this.list.length;
  }

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
