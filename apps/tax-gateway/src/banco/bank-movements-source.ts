/** The other side of a movement, when the provider names it (transfers). */
export interface BankCounterpart {
  /** Canonical RUT (`12345678-K`) of the holder; null when the provider gives none or not a valid RUT. */
  rut: string | null;
  name: string | null;
  /** The bank's name (e.g. `Banco de Chile`). */
  institution: string | null;
}

/** One movement of a bank account as a {@link BankMovementsSource} hands it over, checked and normalized. */
export interface BankMovement {
  /** The provider's id of the movement (stable: the key that makes storing idempotent). */
  providerId: string;
  /** The provider's id of the account. */
  accountId: string;
  /** Whole CLP, negative for debits (a safe integer). */
  amount: number;
  currency: 'CLP';
  /** Accounting date, YYYY-MM-DD (the bank's calendar, America/Santiago). */
  postDate: string;
  description: string;
  /** The provider's kind of movement, lower-case (`transfer`, `check`, `other`...). */
  type: string;
  referenceId: string | null;
  counterpart: BankCounterpart | null;
  /** The movement exactly as the provider sent it (NUL characters removed), for later reading. */
  raw: Record<string, unknown>;
}

/** Every movement of every CLP account of a link in a date range, fetched completely (all pages). */
export interface BankFetch {
  /** CLP accounts read. */
  accounts: number;
  movements: BankMovement[];
}

/** Whether the provider answers, from a cheap call with a short timeout. */
export interface BankProbe {
  reachable: boolean;
  latencyMs: number;
  /** Why it is unreachable, or what it said (e.g. the key was refused); absent when all is well. */
  error?: string;
}

/**
 * Where bank movements come from (spec 1 "Cached bank movements"; docs/tax-gateway.md "Bank movements"). Today
 * {@link FintocBankSource}, the JSON API of a Fintoc-style aggregator. Implementations hold the provider's
 * credentials and never log them.
 */
export interface BankMovementsSource {
  /** Short name stored with each movement (`fintoc`): provider ids are unique per provider. */
  readonly provider: string;

  /**
   * Every movement of every CLP account behind `linkToken` posted in [desde, hasta] (YYYY-MM-DD, America/Santiago),
   * all pages fetched before it returns.
   * @throws ProblemException 502 `banco_error` (a 4xx or an answer of the wrong shape), 503 `banco_unavailable`
   * (unreachable, 5xx), 504 `banco_timeout`.
   */
  fetchMovements(linkToken: string, desde: string, hasta: string): Promise<BankFetch>;

  /** Probes the provider within `timeoutMs`; never throws. `linkToken`, when given, makes the probe a real call. */
  probe(timeoutMs: number, linkToken?: string): Promise<BankProbe>;
}

/** Injection token of the {@link BankMovementsSource}. */
export const BANK_MOVEMENTS_SOURCE = Symbol('BANK_MOVEMENTS_SOURCE');
