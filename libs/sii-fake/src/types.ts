/** A transport-neutral request for {@link SiiFakeAuthority.handle}; header names in any case, repeated ones as arrays. */
export interface FakeRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body?: Buffer;
}

/** Raw bytes: SII answers are ISO-8859-1. */
export interface FakeResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Processing states of an envío (docs/research/sii-protocol.md §2.5). */
export type EnvioState = 'REC' | 'SOK' | 'CRT' | 'FOK' | 'PDR' | 'EPR' | 'RCT' | LibroState;

/** IECV book final states: LOK libro cuadrado, LRH libro rechazado (libs/sii-fake/README.md). */
export type LibroState = 'LOK' | 'LRH';

/** Per-document outcome decided at upload, reported from EPR on: DOK, RPR (reparos), RLV (reparos leves), RCH; amounts CLP. */
export interface UploadedDocument {
  emisor: string;
  tipo: number;
  folio: number;
  receptor: string;
  razonSocialEmisor: string;
  razonSocialReceptor: string;
  fechaEmision: string;
  montos: { exento: number; neto: number; iva: number; total: number };
  referencias: { tipo: number; folio: number; codigo?: number }[];
  result: 'DOK' | 'RPR' | 'RLV' | 'RCH';
  detail?: string;
}

/** An accepted upload (STATUS 0): final EPR, or RCT with its glosa ("(CRT-3-18) RUT Receptor (Caratula) Invalido"), LOK/LRH. */
export interface UploadRecord {
  trackId: string;
  rutSender: string;
  rutCompany: string;
  fileName: string;
  sha256: string;
  receivedAt: Date;
  documents: UploadedDocument[];
  finalState: 'EPR' | 'RCT' | LibroState;
  rejection?: string;
}

/** The RPETC's ESTADO_ENVIO of an AEC envío (docs/research/cesion.md §3, WSC). Never UPL (the upload is complete when
 * RTCAnotEnvio answers) nor EAN (the stand-in has no annulment). */
export type AecEstado = 'RCP' | 'SOK' | 'FSO' | 'COK' | 'VDC' | 'VCS' | AecEstadoFinal;
export type AecEstadoFinal = 'EOK' | 'RSC' | 'RFS' | 'RCR' | 'RDC' | 'RCS';

/** Where an inner signature of an AEC verified (docs/research/cesion.md §1.2): in the file, with only the default namespace in scope, with none. */
export type ContextoFirma = 'archivo' | 'namespace-por-defecto' | 'sin-namespace';

/** An inner signature (`que`: "DTE T33F1", "DocumentoDTECedido", "Cesion 1") and where it verified; `contexto` absent: nowhere. */
export interface FirmaInterna {
  que: string;
  contexto?: ContextoFirma;
}

/** A cesión the registry holds (docs/research/cesion.md §3-§4): `idCesion` (20 characters) answers getEstCesion. */
export interface CesionRegistrada {
  idCesion: string;
  trackId: string;
  seq: number;
  emisor: string;
  tipo: number;
  folio: number;
  cedente: string;
  cesionario: string;
  montoCesion: number;
  ultimoVencimiento: string;
  tmstCesion: string;
  declaracionJurada: boolean;
  registradaEl: Date;
}

/** An AEC RTCAnotEnvio took (STATUS 0), judged at once (rtc-anot-envio.ts); `detail` the failed rule in the stand-in's words,
 * `cesiones` those it registered (EOK only). */
export interface AecEnvioRecord {
  trackId: string;
  rutSender: string;
  rutCompany: string;
  emailNotif: string;
  fileName: string;
  archivo: Buffer;
  sha256: string;
  receivedAt: Date;
  finalState: AecEstadoFinal;
  detail?: string;
  firmasInternas: FirmaInterna[];
  cesiones: CesionRegistrada[];
}

/** RegistroReclamoDTE accionDoc (manual "Aceptación/Reclamo a DTE recibido" v1.2). */
export type AccionDoc = 'ACD' | 'ERM' | 'RCD' | 'RFP' | 'RFT';

export interface RcvEvento {
  accion: AccionDoc;
  rutResponsable: string;
  fecha: Date;
}

export interface RegisteredDocument {
  document: UploadedDocument;
  receivedAt: Date;
}

export interface SeedRecord {
  seed: string;
  issuedAt: Date;
  used: boolean;
}

export interface TokenRecord {
  token: string;
  /** `boleta`: from the boleta REST services, the only token they take (docs/research/boletas.md §1.2); else the SOAP services'. */
  servicio: 'dte' | 'boleta';
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
  file: Buffer;
}

export function xmlResponse(status: number, xml: string, contentType = 'text/xml; charset=ISO-8859-1'): FakeResponse {
  return { status, headers: { 'content-type': contentType }, body: Buffer.from(xml, 'latin1') };
}

/** A plain-text answer, as the boleta REST services give for errors (docs/research/boletas.md §1.3-1.5). */
export function textResponse(status: number, body: string): FakeResponse {
  return { status, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: Buffer.from(body) };
}

export function jsonResponse(status: number, value: unknown): FakeResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: Buffer.from(JSON.stringify(value)) };
}

/** A Mi SII notification (portal-buzon.ts): id `<RUT body>-N<nnnn>`; cuerpo paragraphs by "\n\n", lines by "\n". */
export interface BuzonNotificacion {
  id: string;
  fecha: Date;
  asunto: string;
  remitente: string;
  cuerpo: string;
  leida: boolean;
}

/** A document the SII issued to a taxpayer with its PDF: id `<RUT body>-D<nnnn>`, fecha YYYY-MM-DD. */
export interface BuzonDocumento {
  id: string;
  fecha: string;
  tipo: string;
  titulo: string;
  numero: string | null;
}

/** A taxpayer's mailbox, newest first. */
export interface BuzonRut {
  notificaciones: BuzonNotificacion[];
  documentos: BuzonDocumento[];
  siguiente: number;
}

/** An EnvioBOLETA the boleta REST service took (docs/research/boletas.md §1.3-1.4), judged at upload; `rejection` for a
 * refused envío, `documents` judged one by one at EPR. */
export interface BoletaEnvioRecord {
  trackId: string;
  rutSender: string;
  rutCompany: string;
  sha256: string;
  receivedAt: Date;
  finalState: 'EPR' | 'RSC' | 'RFR' | 'RCT' | 'RPT';
  rejection?: { seccion: string; descripcion: string; detalle?: string };
  documents: UploadedDocument[];
}

/** A boleta de honorarios electrónica a receptor received (bhe.ts, `POST /sim/bhe`): RUTs normalized, dates YYYY-MM-DD,
 * amounts whole CLP; `retencionReceptor` 0 when the emisor pays the retention himself. */
export interface BoletaHonorarios {
  receptor: string;
  emisor: string;
  nombreEmisor: string;
  folio: number;
  fecha: string;
  bruto: number;
  retiene: 'receptor' | 'emisor';
  retencionReceptor: number;
  liquido: number;
  sociedadProfesional: boolean;
  /** The voiding date; absent for a valid (vigente) boleta. */
  fechaAnulacion?: string;
  codigoBarras: string;
}
