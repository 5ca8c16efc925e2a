import { ProblemException } from '@lib/schemas';

/**
 * The ledger's invariants are enforced in the services and again in PostgreSQL; a database guard firing
 * anyway (a race, or SQL written directly) becomes the problem the service would have raised, not a 500.
 */
interface PgErrorLike {
  code?: string;
  constraint?: string;
  message?: string;
}

/** Raised by the triggers of migration `AccountingSchema`. */
export const DB_GUARDS = {
  balanced: 'asiento_balanceado',
  immutable: 'asiento_inmutable',
  periodOpen: 'asiento_periodo_abierto',
  postable: 'linea_cuenta_imputable',
} as const;

export const PG_UNIQUE_VIOLATION = '23505';

export function pgError(err: unknown): PgErrorLike | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const e = err as { driverError?: PgErrorLike; code?: string };
  if (e.driverError && typeof e.driverError === 'object') return e.driverError;
  return typeof e.code === 'string' ? (e as PgErrorLike) : undefined;
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pg = pgError(err);
  return pg?.code === PG_UNIQUE_VIOLATION && (constraint === undefined || pg.constraint === constraint);
}

export function mapDbError(err: unknown): unknown {
  const pg = pgError(err);
  if (!pg) return err;
  switch (pg.constraint) {
    case DB_GUARDS.balanced:
      return new ProblemException(422, 'unbalanced_entry', 'The database rejected an entry whose debe and haber differ', { cause: err });
    case DB_GUARDS.immutable:
      return new ProblemException(409, 'entry_immutable', 'Posted entries cannot be changed; post a reversal', { cause: err });
    case DB_GUARDS.periodOpen:
      return new ProblemException(409, 'period_closed', 'The entry date falls in a closed period', { cause: err });
    case DB_GUARDS.postable:
      return new ProblemException(422, 'account_not_postable', 'Only leaf accounts take postings', { cause: err });
    default:
      return err;
  }
}
