import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { decodeXml, escapeXml, parseDteDocuments, parseXmlDocument, santiagoTimestamp, validateXsd, type ParsedDte } from '@lib/dte';
import type { SiiFakeState } from './state';
import { tokenFromCookie } from './auth';
import { checkDteSignature, checkEnvelopeSignature } from './upload-checks';
import { checkDocument } from './timbre-checks';
import { judgeDocument } from './content-checks';
import { caratulaOutcome, readCaratula } from './caratula-checks';
import { autorizacionProblems, vigenciaProblems, type Firmante } from './certificado-checks';
import { MultipartError, multipartBoundary, parseMultipart, type MultipartPart } from './multipart';
import { normalizeRut } from './internal/rut';
import { newTrackId } from './internal/track-id';
import { xmlResponse, type FakeRequest, type FakeResponse, type UploadRecord } from './types';
import { isLibro, judgeLibro } from './libro-upload';

const FIELDS = ['rutSender', 'dvSender', 'rutCompany', 'dvCompany', 'archivo'];

export interface UploadContext {
  rutSender: string;
  rutCompany: string;
  fileName: string;
  archivo: Buffer;
}

/** DTEUpload (docs/research/sii-protocol.md §2.4, §4); Caratula errors end the envío in RCT, as at the SII. */
export async function handleUpload(authority: SiiFakeState, req: FakeRequest): Promise<FakeResponse> {
  const answer = (status: number, ctx: UploadContext | undefined, errors: string[], trackId?: string) =>
    recepcion(authority.now(), status, ctx, errors, trackId);
  const token = tokenFromCookie(req.headers['cookie']);
  const owner = token ? authority.activeToken(token) : undefined;
  if (!owner) return answer(5, undefined, ['NO ESTA AUTENTICADO']);

  let ctx: UploadContext;
  try {
    ctx = readForm(req);
  } catch (err) {
    return answer(3, undefined, [(err as Error).message]);
  }
  if (owner.rut && owner.rut !== ctx.rutSender) return answer(1, ctx, ['Usuario sin permiso de envio']);
  if (authority.options.unknownRuts.includes(ctx.rutCompany)) return answer(6, ctx, ['Empresa no autorizada a enviar']);
  if (!authority.puedeEnviar(ctx.rutSender, ctx.rutCompany)) {
    return answer(1, ctx, [`Usuario sin permiso de envio: ${ctx.rutSender} no autorizado por ${ctx.rutCompany}`]);
  }

  const leido = leerArchivo(ctx.archivo);
  if ('error' in leido) return answer(7, ctx, [leido.error]);
  const { xml, doc } = leido;
  if (isLibro(doc)) return uploadLibro(authority, ctx, xml, doc, answer);

  const schema = await validateXsd(ctx.archivo, 'EnvioDTE');
  if (!schema.valid) return answer(7, ctx, schema.errors.length ? schema.errors : ['Error de Schema']);
  const parsed = parseDteDocuments(ctx.archivo);
  const caratula = readCaratula(doc);
  const firmas = signatureChecks(authority, xml, doc, parsed, caratula.tmstFirmaEnv);
  if (firmas.errors.length) return answer(8, ctx, firmas.errors);
  const sinPermiso = autorizacionProblems(authority, firmas.firmantes, ctx.rutCompany);
  if (sinPermiso.length) return answer(1, ctx, sinPermiso);

  const docs = parsed.map((d) => ({ emisor: d.emisor.rut, tipo: d.tipo_dte, folio: d.folio }));
  return accept(authority, ctx, answer, docs, () => ({
    documents: parsed.map((dte) => judgeDocument(authority, dte.xml)),
    ...caratulaOutcome(authority, caratula, { ...ctx, tipos: parsed.map((d) => d.tipo_dte) }),
  }));
}

/** STATUS 8 ("signature error", docs/research/sii-protocol.md §2.4): XMLDSig, certificate validity, TED and CAF; the lines and verified signers. */
function signatureChecks(
  authority: SiiFakeState,
  xml: string,
  doc: Document,
  parsed: ParsedDte[],
  tmstFirmaEnv: string | undefined,
): { errors: string[]; firmantes: Firmante[] } {
  const envelope = checkEnvelopeSignature(xml, doc);
  const errors = envelope.error ? [envelope.error] : [];
  const firmantes: Firmante[] = envelope.certificate ? [{ que: 'Envio', certificate: envelope.certificate, firmadoEl: tmstFirmaEnv }] : [];
  for (const dte of parsed) {
    const firma = checkDteSignature(xml, dte.xml);
    if (firma.error) errors.push(firma.error);
    if (firma.certificate)
      firmantes.push({ que: `DTE T${dte.tipo_dte}F${dte.folio}`, certificate: firma.certificate, firmadoEl: dte.tmst_firma });
    errors.push(...checkDocument(authority, dte.xml));
  }
  errors.push(...vigenciaProblems(firmantes, authority.now()));
  return { errors, firmantes };
}

type Answer = (status: number, ctx: UploadContext | undefined, errors: string[], trackId?: string) => FakeResponse;

async function uploadLibro(authority: SiiFakeState, ctx: UploadContext, xml: string, doc: Document, answer: Answer): Promise<FakeResponse> {
  const verdict = await judgeLibro(ctx.archivo, xml, doc, ctx.rutSender, ctx.rutCompany);
  if ('status' in verdict) return answer(verdict.status, ctx, verdict.errors);
  return accept(authority, ctx, answer, [], () => ({ documents: [], ...verdict }));
}

function accept(
  authority: SiiFakeState,
  ctx: UploadContext,
  answer: Answer,
  docs: { emisor: string; tipo: number; folio: number }[],
  outcome: () => Pick<UploadRecord, 'documents' | 'finalState' | 'rejection'>,
): FakeResponse {
  const sha256 = createHash('sha256').update(ctx.archivo).digest('hex');
  const repeated = authority.findRepeated(sha256, docs);
  if (repeated) return answer(99, ctx, [repeated]);
  const record = authority.recordUpload({
    trackId: newTrackId(authority),
    rutSender: ctx.rutSender,
    rutCompany: ctx.rutCompany,
    fileName: ctx.fileName,
    sha256,
    receivedAt: authority.now(),
    ...outcome(),
  });
  return answer(0, ctx, [], record.trackId);
}

/** The uploaded file as text and DOM, or why it is not XML ("XML mal formado: ..."). */
export function leerArchivo(archivo: Buffer): { xml: string; doc: Document } | { error: string } {
  try {
    const xml = decodeXml(archivo);
    return { xml, doc: parseXmlDocument(xml) };
  } catch (err) {
    return { error: `XML mal formado: ${(err as Error).message}` };
  }
}

/** The DTEUpload form (also the boleta service's, docs/research/boletas.md §1.3): fields in order, RUTs normalized, a gzip file inflated. @throws MultipartError */
export function readForm(req: FakeRequest): UploadContext {
  const contentType = String(req.headers['content-type'] ?? '');
  const boundary = multipartBoundary(contentType);
  if (!/multipart\/form-data/i.test(contentType) || !boundary) throw new MultipartError('Se esperaba multipart/form-data');
  const parts = parseMultipart(req.body ?? Buffer.alloc(0), boundary);
  const names = parts.map((p) => p.name);
  if (FIELDS.some((f, i) => names[i] !== f)) {
    throw new MultipartError(`Campos esperados en orden: ${FIELDS.join(', ')}; recibidos: ${names.join(', ')}`);
  }
  const text = (p: MultipartPart) => p.data.toString('latin1').trim();
  const rutSender = normalizeRut(`${text(parts[0])}-${text(parts[1])}`);
  const rutCompany = normalizeRut(`${text(parts[2])}-${text(parts[3])}`);
  if (!rutSender || !rutCompany) throw new MultipartError('RUT invalido en rutSender/dvSender o rutCompany/dvCompany');
  const file = parts[4];
  if (!file.data.length) throw new MultipartError('Archivo vacio');
  const gz = file.data[0] === 0x1f && file.data[1] === 0x8b;
  return { rutSender, rutCompany, fileName: file.filename || 'archivo.xml', archivo: gz ? gunzipSync(file.data) : file.data };
}

function recepcion(now: Date, status: number, ctx: UploadContext | undefined, errors: string[], trackId?: string): FakeResponse {
  const lines = ['<?xml version="1.0"?>', '<RECEPCIONDTE>'];
  if (ctx) {
    lines.push(`<RUTSENDER>${ctx.rutSender}</RUTSENDER>`, `<RUTCOMPANY>${ctx.rutCompany}</RUTCOMPANY>`);
    lines.push(`<FILE>${escapeXml(ctx.fileName)}</FILE>`, `<TIMESTAMP>${santiagoTimestamp(now).replace('T', ' ')}</TIMESTAMP>`);
  }
  lines.push(`<STATUS>${status}</STATUS>`);
  if (trackId) lines.push(`<TRACKID>${trackId}</TRACKID>`);
  if (errors.length) lines.push('<DETAIL>', ...errors.map((e) => `<ERROR>${escapeXml(e)}</ERROR>`), '</DETAIL>');
  lines.push('</RECEPCIONDTE>');
  return xmlResponse(200, lines.join('\n') + '\n', 'text/xml; charset=ISO-8859-1');
}
