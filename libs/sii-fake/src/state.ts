import { santiagoTimestamp } from '@lib/dte';
import { authorityKeyMaterial, type AuthorityKeyMaterial } from './authority-key';
import { randomInt } from 'node:crypto';
import { normalizeRut } from './internal/rut';
import type { BuzonRut, IssuedCaf, RcvEvento, RegisteredDocument, SeedRecord, TokenRecord, UploadRecord } from './types';

/** Options of {@link SiiFakeAuthority}; every field is optional. */
export interface SiiFakeOptions {
  /** Seed lifetime; the SII's is 2 minutes (manual autenticación v1.9, chapter 2). Default 120. */
  seedTtlSeconds?: number;
  /** Token lifetime (not published by the SII). Default 1800. */
  tokenTtlSeconds?: number;
  /** Time spent in each envío state REC, SOK, CRT, FOK, PDR before the next; one number for all. Default 200. */
  estUpDelaysMs?: number | number[];
  /** RUTs the SII does not know: contribuyente 404, upload STATUS 6. */
  unknownRuts?: string[];
  /** IDK written into issued CAFs. Default 900 (not an SII IDK: 100 cert, 300 prod). */
  cafIdk?: number;
  /** Clock; tests inject one to expire seeds, tokens and CAFs. */
  now?: () => Date;
  /** Authority key (PEM) and optionally its certificate; generated when absent. */
  authorityKey?: Partial<AuthorityKeyMaterial>;
  /** Each company's registered resolution (FchResol YYYY-MM-DD, NroResol); more with `POST /sim/resolucion`. */
  resoluciones?: Record<string, { fecha: string; numero: number }>;
  /**
   * Each company's users authorized to send its DTEs (certificate holders' RUTs); a company absent here accepts any
   * holder (see {@link SiiFakeState.puedeEnviar}).
   */
  usuariosAutorizados?: Record<string, string[]>;
}

export interface ResolvedOptions {
  seedTtlSeconds: number;
  tokenTtlSeconds: number;
  estUpDelaysMs: number | number[];
  unknownRuts: string[];
  cafIdk: number;
}

/**
 * The state of the SII stand-in: seeds, tokens, uploads with their track IDs and timelines, issued
 * CAFs, the clock. The handlers (auth, estup, upload, caf-issuer) read and write it; they never import
 * the authority, which routes requests to them: the package's imports go one way
 * (index -> authority -> routes -> handlers -> state).
 */
export class SiiFakeState {
  readonly options: ResolvedOptions;
  readonly keyMaterial: AuthorityKeyMaterial;
  readonly seeds = new Map<string, SeedRecord>();
  readonly tokens = new Map<string, TokenRecord>();
  readonly uploads = new Map<string, UploadRecord>();
  readonly cafs: IssuedCaf[] = [];
  /** Registered resolution per company RUT (FchResol, NroResol) that Caratulas must repeat. */
  readonly resoluciones = new Map<string, { fecha: string; numero: number }>();
  /** Users (certificate holders' RUTs) authorized to send for each company RUT; see {@link puedeEnviar}. */
  readonly usuariosAutorizados = new Map<string, Set<string>>();
  /** Carpetas tributarias served per RUT (portal-carpeta.ts): what a test counts to prove one visit a day. */
  readonly portalVisitas = new Map<string, number>();
  /** Registry pages served (portal-registro.ts): `empresa.cgi` per RUT, `historial.cgi` under `<rut>/historial`. */
  readonly registroVisitas = new Map<string, number>();
  /**
   * Portal login sessions by TOKEN cookie value (portal-login.ts): `certificado` ones from the TLS client-certificate
   * login (portal-auth.ts; `rut` is the holder), `navegador` ones that a person exports for import (`rut` is the
   * representado). See `portalSession` (portal-html.ts) for what each may see.
   */
  readonly portalLogins = new Map<string, { rut: string; activo: boolean; via: 'certificado' | 'navegador' }>();
  /** Folios the company annulled on sii.cl, `rut|tipo|folio` (portal-folios.ts). */
  readonly foliosAnulados = new Set<string>();
  /** RCV events per document key `emisor|tipo|folio` (registro-reclamo.ts). */
  readonly rcvEventos = new Map<string, RcvEvento[]>();
  /** Mi SII mailbox per RUT (portal-buzon.ts): notifications and documents, seeded on first use. */
  readonly buzones = new Map<string, BuzonRut>();
  /** Mailbox list pages (notificaciones.cgi, documentos.cgi) served per RUT (portal-buzon.ts), for tests. */
  readonly buzonVisitas = new Map<string, number>();
  /** The bank-data aggregator is down (banco.ts): every `/v1/` request answers 503 (`POST /sim/banco/caido`). */
  bancoCaido = false;
  /** Delay of every aggregator answer, ms (banco.ts; `POST /sim/banco/caido {demora_ms}`), for timeout tests. */
  bancoDemoraMs = 0;
  /** Aggregator requests served (banco.ts), for tests that count provider calls. */
  bancoPeticiones = 0;
  private readonly clock: () => Date;
  private attentionCounter = 34000;

  constructor(options: SiiFakeOptions = {}) {
    this.options = {
      seedTtlSeconds: options.seedTtlSeconds ?? 120,
      tokenTtlSeconds: options.tokenTtlSeconds ?? 1800,
      estUpDelaysMs: options.estUpDelaysMs ?? 200,
      unknownRuts: (options.unknownRuts ?? []).map((r) => normalizeRut(r) ?? r.trim().toUpperCase()),
      cafIdk: options.cafIdk ?? 900,
    };
    this.clock = options.now ?? (() => new Date());
    this.keyMaterial = authorityKeyMaterial(options.authorityKey, this.options.cafIdk);
    for (const [rut, r] of Object.entries(options.resoluciones ?? {})) this.resoluciones.set(normalizeRut(rut) ?? rut, r);
    for (const [rut, usuarios] of Object.entries(options.usuariosAutorizados ?? {})) this.autorizarUsuarios(rut, usuarios);
  }

  /**
   * Whether the holder of a certificate (its RUT) may send DTEs for a company: at the SII only the users the company
   * authorized in its electronic invoicing setup may (docs/research/sii-protocol.md §10, "use the certificate of a
   * user authorized for the company"; §2.4 STATUS 1 "Usuario sin permiso de envio"). A company whose users were
   * registered here ({@link autorizarUsuarios}, the `usuariosAutorizados` option) admits only those; one without a
   * registration admits any holder, the stand-in's default so that every test's certificate can act for any tenant
   * (as RegistroReclamoDTE does, libs/sii-fake/README.md).
   */
  puedeEnviar(rutUsuario: string | undefined, rutEmpresa: string): boolean {
    const autorizados = this.usuariosAutorizados.get(rutEmpresa);
    if (!autorizados) return true;
    return rutUsuario !== undefined && autorizados.has(rutUsuario);
  }

  /** Registers the users authorized to send for a company (replacing earlier ones); RUTs are normalized. */
  autorizarUsuarios(rutEmpresa: string, usuarios: string[]): void {
    const ruts = usuarios.map((u) => normalizeRut(u) ?? u.trim().toUpperCase());
    this.usuariosAutorizados.set(normalizeRut(rutEmpresa) ?? rutEmpresa, new Set(ruts));
  }

  /**
   * Whether a Caratula's FchResol/NroResol are the company's (docs/research/sii-protocol.md §1: in certification NroResol is 0 and
   * FchResol the company's certification date): the registered pair when there is one; otherwise, in this
   * certification stand-in, NroResol 0 with any FchResol.
   */
  resolucionValida(rutCompany: string, fchResol: string | undefined, nroResol: string | undefined): boolean {
    const registered = this.resoluciones.get(rutCompany);
    if (registered) return fchResol === registered.fecha && Number(nroResol) === registered.numero;
    return nroResol !== undefined && /^\d+$/.test(nroResol) && Number(nroResol) === 0;
  }

  /** Current time of the injectable clock. */
  now(): Date {
    return this.clock();
  }

  /** PEM certificate of the CAF-signing key (what the gateway trusts with SII_SIM_CAF_CERT). */
  get certificatePem(): string {
    return this.keyMaterial.certificatePem;
  }

  /** Creates a token for a certificate RUT (also handy for tests that skip the seed exchange). */
  issueToken(rut: string | undefined, subject = ''): TokenRecord {
    let token: string;
    do token = newTokenString();
    while (this.tokens.has(token));
    const issuedAt = this.now();
    const record = { token, rut, subject, issuedAt, expiresAt: new Date(issuedAt.getTime() + this.options.tokenTtlSeconds * 1000) };
    this.tokens.set(token, record);
    return record;
  }

  /** 'active' | 'expired' | 'unknown' for a token string. */
  tokenState(token: string): 'active' | 'expired' | 'unknown' {
    const record = this.tokens.get(token);
    if (!record) return 'unknown';
    return record.expiresAt > this.now() ? 'active' : 'expired';
  }

  /** The token record when it exists and has not expired. */
  activeToken(token: string): TokenRecord | undefined {
    return this.tokenState(token) === 'active' ? this.tokens.get(token) : undefined;
  }

  /** A reason text when this file, or one of these documents, was already received; else undefined. */
  findRepeated(sha256: string, docs: { emisor: string; tipo: number; folio: number }[]): string | undefined {
    for (const upload of this.uploads.values()) {
      if (upload.sha256 === sha256) return `Archivo ya recibido (TRACKID ${upload.trackId})`;
      for (const d of docs) {
        if (upload.documents.some((u) => u.emisor === d.emisor && u.tipo === d.tipo && u.folio === d.folio)) {
          return `DTE tipo ${d.tipo} folio ${d.folio} de ${d.emisor} ya recibido (TRACKID ${upload.trackId})`;
        }
      }
    }
    return undefined;
  }

  /**
   * A DTE the SII received and did not reject (DOK, RPR or RLV in an upload that did not end in RCT), or
   * undefined: what RegistroReclamoDTE and the RCV know of it.
   */
  receivedDocument(emisor: string, tipo: number, folio: number): RegisteredDocument | undefined {
    return this.receivedDocuments().find((r) => r.document.emisor === emisor && r.document.tipo === tipo && r.document.folio === folio);
  }

  /** Every DTE the SII received and did not reject, in reception order. */
  receivedDocuments(): RegisteredDocument[] {
    return [...this.uploads.values()]
      .filter((u) => u.finalState === 'EPR')
      .flatMap((u) => u.documents.filter((d) => d.result !== 'RCH').map((document) => ({ document, receivedAt: u.receivedAt })));
  }

  /** Stores an accepted upload. */
  recordUpload(record: UploadRecord): UploadRecord {
    this.uploads.set(record.trackId, record);
    return record;
  }

  /** NUM_ATENCION as the SII writes it: `N   ( AAAA/MM/DD HH:MM:SS)` in Santiago time. */
  numAtencion(): string {
    const ts = santiagoTimestamp(this.now()).replace(/-/g, '/').replace('T', ' ');
    return `${++this.attentionCounter}   ( ${ts})`;
  }
}

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 13-character [A-Za-z0-9] token like the manual's example ("XAuSbYXiNh9Ik"). */
export function newTokenString(): string {
  let out = '';
  for (let i = 0; i < 13; i++) out += TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)];
  return out;
}
