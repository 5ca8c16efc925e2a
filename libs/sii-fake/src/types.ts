/** A transport-neutral HTTP request as seen by {@link SiiFakeAuthority.handle}. */
export interface FakeRequest {
  method: string;
  /** Absolute URL or path with query (`/DTEWS/CrSeed.jws?WSDL`). */
  url: string;
  /** Header names in any case; repeated headers as arrays. */
  headers: Record<string, string | string[] | undefined>;
  body?: Buffer;
}

/** A transport-neutral HTTP response: raw bytes (SII answers are ISO-8859-1). */
export interface FakeResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Processing states of an envío (docs/research/sii-protocol.md §2.5). */
export type EnvioState = 'REC' | 'SOK' | 'CRT' | 'FOK' | 'PDR' | 'EPR' | 'RCT' | LibroState;

/** Final states of an IECV book upload: LOK libro cuadrado (accepted), LRH libro rechazado (libs/sii-fake/README.md). */
export type LibroState = 'LOK' | 'LRH';

/** Per-document outcome decided at upload time, reported from EPR on; the content the RCV shows of it. */
export interface UploadedDocument {
  emisor: string;
  tipo: number;
  folio: number;
  receptor: string;
  razonSocialEmisor: string;
  razonSocialReceptor: string;
  /** FchEmis, YYYY-MM-DD. */
  fechaEmision: string;
  /** Amounts in CLP as the document states them. */
  montos: { exento: number; neto: number; iva: number; total: number };
  /** The DTEs it references by type and folio (notes), with CodRef. */
  referencias: { tipo: number; folio: number; codigo?: number }[];
  /** DOK accepted, RPR accepted with objections (reparos), RLV accepted with minor objections (reparos leves), RCH rejected. */
  result: 'DOK' | 'RPR' | 'RLV' | 'RCH';
  detail?: string;
}

/** One accepted upload (STATUS 0) and its timeline. */
export interface UploadRecord {
  trackId: string;
  rutSender: string;
  rutCompany: string;
  fileName: string;
  sha256: string;
  receivedAt: Date;
  documents: UploadedDocument[];
  /** Final state: EPR, or RCT when the Caratula is wrong; LOK or LRH for an IECV book. */
  finalState: 'EPR' | 'RCT' | LibroState;
  /** Glosa of an RCT (e.g. "(CRT-3-18) RUT Receptor (Caratula) Invalido"). */
  rejection?: string;
}

/** Acciones of RegistroReclamoDTE (manual "Aceptación/Reclamo a DTE recibido" v1.2, accionDoc). */
export type AccionDoc = 'ACD' | 'ERM' | 'RCD' | 'RFP' | 'RFT';

/** One event registered on a received DTE (acceptance, receipt of goods, claim). */
export interface RcvEvento {
  accion: AccionDoc;
  /** RUT of the certificate holder who registered it. */
  rutResponsable: string;
  fecha: Date;
}

/** A document as the SII holds it after reception: the upload it came in and its events. */
export interface RegisteredDocument {
  document: UploadedDocument;
  /** Date-time of reception at the SII (the upload's). */
  receivedAt: Date;
}

export interface SeedRecord {
  seed: string;
  issuedAt: Date;
  used: boolean;
}

export interface TokenRecord {
  token: string;
  /** RUT of the certificate that signed the seed, when the certificate carries one. */
  rut?: string;
  subject: string;
  issuedAt: Date;
  expiresAt: Date;
}

export interface IssuedCaf {
  rut: string;
  tipo: number;
  desde: number;
  hasta: number;
  issuedAt: Date;
  /** The CAF file as served (ISO-8859-1 bytes). */
  file: Buffer;
}

/** A JSON or XML answer helper shape used by the route modules. */
export function xmlResponse(status: number, xml: string, contentType = 'text/xml; charset=ISO-8859-1'): FakeResponse {
  return { status, headers: { 'content-type': contentType }, body: Buffer.from(xml, 'latin1') };
}

export function jsonResponse(status: number, value: unknown): FakeResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: Buffer.from(JSON.stringify(value)) };
}

/** One notification of a taxpayer's Mi SII mailbox (portal-buzon.ts). */
export interface BuzonNotificacion {
  /** Stable id, `<RUT body>-N<nnnn>`. */
  id: string;
  /** When it arrived. */
  fecha: Date;
  asunto: string;
  remitente: string;
  /** Plain text: paragraphs separated by "\n\n", line breaks inside one by "\n". */
  cuerpo: string;
  /** Set when the taxpayer opens it (`notificacion.cgi`). */
  leida: boolean;
}

/** One document the SII issued to a taxpayer, with its PDF (portal-buzon.ts). */
export interface BuzonDocumento {
  /** Stable id, `<RUT body>-D<nnnn>`. */
  id: string;
  /** Issue date, YYYY-MM-DD. */
  fecha: string;
  /** "Resolución", "Certificado". */
  tipo: string;
  titulo: string;
  numero: string | null;
}

/** A taxpayer's Mi SII mailbox (portal-buzon.ts): notifications and documents newest first. */
export interface BuzonRut {
  notificaciones: BuzonNotificacion[];
  documentos: BuzonDocumento[];
  /** Number of the next notification id. */
  siguiente: number;
}
