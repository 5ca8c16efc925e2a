/** The other side of a movement, when the provider names it (transfers). */
export interface BankCounterpart {
  /** Canonical RUT (`12345678-K`) of the holder; null when the provider gives none or not a valid RUT. */
  rut: string | null;
  name: string | null;
  institution: string | null;
}

export interface BankMovement {
  /** The provider's id of the movement (stable: the key that makes storing idempotent). */
  providerId: string;
  accountId: string;
  /** Whole CLP, negative for debits (a safe integer). */
  amount: number;
  currency: 'CLP';
  /** Accounting date, YYYY-MM-DD (the bank's calendar, America/Santiago). */
  postDate: string;
  description: string;
  type: string;
  referenceId: string | null;
  counterpart: BankCounterpart | null;
  /** The movement exactly as the provider sent it (NUL characters removed), for later reading. */
  raw: Record<string, unknown>;
}

export interface BankFetch {
  accounts: number;
  movements: BankMovement[];
}

export interface BankProbe {
  reachable: boolean;
  latencyMs: number;
  error?: string;
}

/** Spec 1 "Cached bank movements"; docs/tax-gateway.md "Bank movements". Implementations hold the credentials and never log them. */
export interface BankMovementsSource {
  /** Short name stored with each movement (`fintoc`): provider ids are unique per provider. */
  readonly provider: string;

  /** Every movement of every CLP account of `linkToken` posted in [desde, hasta], all pages fetched. */
  fetchMovements(linkToken: string, desde: string, hasta: string): Promise<BankFetch>;

  /** Probes the provider within `timeoutMs`; never throws. `linkToken`, when given, makes the probe a real call. */
  probe(timeoutMs: number, linkToken?: string): Promise<BankProbe>;
}

export const BANK_MOVEMENTS_SOURCE = Symbol('BANK_MOVEMENTS_SOURCE');
