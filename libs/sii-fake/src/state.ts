import { santiagoTimestamp } from '@lib/dte';
import { authorityKeyMaterial, type AuthorityKeyMaterial } from './authority-key';
import { randomInt } from 'node:crypto';
import { normalizeRut } from './internal/rut';
import type {
  AecEnvioRecord,
  BoletaEnvioRecord,
  BoletaHonorarios,
  BuzonRut,
  CesionRegistrada,
  IssuedCaf,
  RcvEvento,
  RegisteredDocument,
  SeedRecord,
  TokenRecord,
  UploadRecord,
} from './types';

/** Seeds live 120 s (manual autenticación v1.9 ch. 2), tokens 1800 s (unpublished). unknownRuts: contribuyente 404, upload
 * STATUS 6. cafIdk 900, not an SII IDK (100 cert, 300 prod). aecMaxBytes 10 MiB (STATUS 2 above): the SII publishes none
 * (docs/research/cesion.md §6.4). */
export interface SiiFakeOptions {
  seedTtlSeconds?: number;
  tokenTtlSeconds?: number;
  estUpDelaysMs?: number | number[];
  unknownRuts?: string[];
  cafIdk?: number;
  now?: () => Date;
  authorityKey?: Partial<AuthorityKeyMaterial>;
  resoluciones?: Record<string, { fecha: string; numero: number }>;
  usuariosAutorizados?: Record<string, string[]>;
  aecMaxBytes?: number;
}

export interface ResolvedOptions {
  seedTtlSeconds: number;
  tokenTtlSeconds: number;
  estUpDelaysMs: number | number[];
  unknownRuts: string[];
  cafIdk: number;
  aecMaxBytes: number;
}

/** Handlers read and write it and never import the authority: imports go index -> authority -> routes -> handlers -> state. */
export class SiiFakeState {
  readonly options: ResolvedOptions;
  readonly keyMaterial: AuthorityKeyMaterial;
  readonly seeds = new Map<string, SeedRecord>();
  readonly tokens = new Map<string, TokenRecord>();
  readonly uploads = new Map<string, UploadRecord>();
  /** EnvioBOLETA by 15-digit track ID (boleta-api.ts). */
  readonly boletaEnvios = new Map<string, BoletaEnvioRecord>();
  /** AEC envíos by 10-digit track ID (RTCAnotEnvio, rtc-anot-envio.ts; docs/research/cesion.md §2-§3). */
  readonly aecEnvios = new Map<string, AecEnvioRecord>();
  readonly cafs: IssuedCaf[] = [];
  readonly resoluciones = new Map<string, { fecha: string; numero: number }>();
  readonly usuariosAutorizados = new Map<string, Set<string>>();
  /** Visit counters below (carpetas, registry pages, mailbox lists) let tests prove one visit a day. */
  readonly portalVisitas = new Map<string, number>();
  readonly registroVisitas = new Map<string, number>();
  /** Portal sessions by TOKEN cookie: `certificado` from the TLS login (rut = holder), `navegador` exported by a person (rut = representado). */
  readonly portalLogins = new Map<string, { rut: string; activo: boolean; via: 'certificado' | 'navegador' }>();
  readonly foliosAnulados = new Set<string>();
  readonly rcvEventos = new Map<string, RcvEvento[]>();
  readonly buzones = new Map<string, BuzonRut>();
  readonly buzonVisitas = new Map<string, number>();
  /** Boletas de honorarios by `<emisor>|<folio>` (a folio is the emisor's), read by the receptor's monthly report (portal-bhe.ts). */
  readonly boletasHonorarios = new Map<string, BoletaHonorarios>();
  /** The bank-data aggregator (banco.ts): down (every `/v1/` answers 503), delayed, and counted, driven by `POST /sim/banco/caido`. */
  bancoCaido = false;
  bancoDemoraMs = 0;
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
      aecMaxBytes: options.aecMaxBytes ?? 10 * 1024 * 1024,
    };
    this.clock = options.now ?? (() => new Date());
    this.keyMaterial = authorityKeyMaterial(options.authorityKey, this.options.cafIdk);
    for (const [rut, r] of Object.entries(options.resoluciones ?? {})) this.resoluciones.set(normalizeRut(rut) ?? rut, r);
    for (const [rut, usuarios] of Object.entries(options.usuariosAutorizados ?? {})) this.autorizarUsuarios(rut, usuarios);
  }

  /** Only users the company authorized send its DTEs (docs/research/sii-protocol.md §10, §2.4 STATUS 1); a company without a
   * registration admits any holder, so every test's certificate can act for any tenant (README). */
  puedeEnviar(rutUsuario: string | undefined, rutEmpresa: string): boolean {
    const autorizados = this.usuariosAutorizados.get(rutEmpresa);
    if (!autorizados) return true;
    return rutUsuario !== undefined && autorizados.has(rutUsuario);
  }

  autorizarUsuarios(rutEmpresa: string, usuarios: string[]): void {
    const ruts = usuarios.map((u) => normalizeRut(u) ?? u.trim().toUpperCase());
    this.usuariosAutorizados.set(normalizeRut(rutEmpresa) ?? rutEmpresa, new Set(ruts));
  }

  /** Caratula FchResol/NroResol (docs/research/sii-protocol.md §1): the registered pair, else NroResol 0 with any FchResol (certification). */
  resolucionValida(rutCompany: string, fchResol: string | undefined, nroResol: string | undefined): boolean {
    const registered = this.resoluciones.get(rutCompany);
    if (registered) return fchResol === registered.fecha && Number(nroResol) === registered.numero;
    return nroResol !== undefined && /^\d+$/.test(nroResol) && Number(nroResol) === 0;
  }

  now(): Date {
    return this.clock();
  }

  /** What the gateway trusts with SII_SIM_CAF_CERT. */
  get certificatePem(): string {
    return this.keyMaterial.certificatePem;
  }

  /** Also handy for tests that skip the seed exchange. */
  issueToken(rut: string | undefined, subject = '', servicio: TokenRecord['servicio'] = 'dte'): TokenRecord {
    let token: string;
    do token = newTokenString();
    while (this.tokens.has(token));
    const issuedAt = this.now();
    const record = {
      token,
      rut,
      subject,
      servicio,
      issuedAt,
      expiresAt: new Date(issuedAt.getTime() + this.options.tokenTtlSeconds * 1000),
    };
    this.tokens.set(token, record);
    return record;
  }

  tokenState(token: string): 'active' | 'expired' | 'unknown' {
    const record = this.tokens.get(token);
    if (!record) return 'unknown';
    return record.expiresAt > this.now() ? 'active' : 'expired';
  }

  activeToken(token: string): TokenRecord | undefined {
    return this.tokenState(token) === 'active' ? this.tokens.get(token) : undefined;
  }

  /** A reason text when this file, or one of these documents, was already received. */
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

  /** A DTE received and not rejected (DOK, RPR or RLV, upload not RCT): what RegistroReclamoDTE and the RCV know. */
  receivedDocument(emisor: string, tipo: number, folio: number): RegisteredDocument | undefined {
    return this.receivedDocuments().find((r) => r.document.emisor === emisor && r.document.tipo === tipo && r.document.folio === folio);
  }

  receivedDocuments(): RegisteredDocument[] {
    return [...this.uploads.values()]
      .filter((u) => u.finalState === 'EPR')
      .flatMap((u) => u.documents.filter((d) => d.result !== 'RCH').map((document) => ({ document, receivedAt: u.receivedAt })));
  }

  /** The cesiones of a document the registry holds (envíos judged EOK, whether or not getEstEnvio shows it yet), by SeqCesion. */
  cesionesRegistradas(emisor: string, tipo: number, folio: number): CesionRegistrada[] {
    return [...this.aecEnvios.values()]
      .filter((e) => e.finalState === 'EOK')
      .flatMap((e) => e.cesiones)
      .filter((c) => c.emisor === emisor && c.tipo === tipo && c.folio === folio)
      .sort((a, b) => a.seq - b.seq);
  }

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
