import { createHash, randomInt } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { decodeXml, parseDteDocuments, santiagoTimestamp, validateXsd } from '@lib/dte';
import type { SiiFakeState } from './state';
import { tokenFromCookie } from './auth';
import { checkDocument, checkDteSignature, checkEnvelopeSignature, judgeDocument, readCaratula, type Caratula } from './upload-checks';
import { MultipartError, multipartBoundary, parseMultipart, type MultipartPart } from './multipart';
import { normalizeRut } from './internal/rut';
import { escapeXml, parseXmlDocument } from '@lib/dte';
import { xmlResponse, type FakeRequest, type FakeResponse } from './types';
import { isLibro, judgeLibro } from './libro-upload';

const SII_RUT = '60803000-K';
const FIELDS = ['rutSender', 'dvSender', 'rutCompany', 'dvCompany', 'archivo'];

interface UploadContext {
  rutSender: string;
  rutCompany: string;
  fileName: string;
  archivo: Buffer;
}

/**
 * DTEUpload (`POST /cgi_dte/UPL/DTEUpload`, docs/research/sii-protocol.md §2.4). Checks, in order: Cookie TOKEN (STATUS 5),
 * multipart fields rutSender, dvSender, rutCompany, dvCompany, archivo in that order (3),
 * rutSender = the token's certificate RUT (1), company known (6), XSD EnvioDTE (7), signatures of
 * SetDoc and every Documento, TED FRMT with the CAF RSAPK, CAF FRMA by this authority, folio in
 * range (8), same file or same (emisor, tipo, folio) already received (99). Then STATUS 0 with a
 * 10-digit TRACKID. Caratula errors (RutReceptor not 60803000-K, RutEnvia not rutSender, RutEmisor
 * not rutCompany) do not stop the upload: the envío later ends in RCT, as at the SII.
 */
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

  let xml: string;
  let doc: Document;
  try {
    xml = decodeXml(ctx.archivo);
    doc = parseXmlDocument(xml);
  } catch (err) {
    return answer(7, ctx, [`XML mal formado: ${(err as Error).message}`]);
  }
  if (isLibro(doc)) return uploadLibro(authority, ctx, xml, doc, answer);

  const schema = await validateXsd(ctx.archivo, 'EnvioDTE');
  if (!schema.valid) return answer(7, ctx, schema.errors.length ? schema.errors : ['Error de Schema']);
  const parsed = parseDteDocuments(ctx.archivo);
  const errors = [
    ...checkEnvelopeSignature(xml, doc),
    ...parsed.flatMap((dte) => [checkDteSignature(xml, dte.xml), ...checkDocument(authority, dte)].filter((e): e is string => !!e)),
  ];
  if (errors.length) return answer(8, ctx, errors);

  const sha256 = createHash('sha256').update(ctx.archivo).digest('hex');
  const repeated = authority.findRepeated(
    sha256,
    parsed.map((d) => ({ emisor: d.emisor.rut, tipo: d.tipo_dte, folio: d.folio })),
  );
  if (repeated) return answer(99, ctx, [repeated]);

  const caratula = readCaratula(doc);
  const record = authority.recordUpload({
    trackId: newTrackId(authority),
    rutSender: ctx.rutSender,
    rutCompany: ctx.rutCompany,
    fileName: ctx.fileName,
    sha256,
    receivedAt: authority.now(),
    documents: parsed.map((dte) => judgeDocument(authority, dte)),
    ...caratulaOutcome(authority, caratula, ctx),
  });
  return answer(0, ctx, [], record.trackId);
}

type Answer = (status: number, ctx: UploadContext | undefined, errors: string[], trackId?: string) => FakeResponse;

/** An IECV book through the same DTEUpload: refused at upload, or recorded with its final state (libro-upload.ts). */
async function uploadLibro(authority: SiiFakeState, ctx: UploadContext, xml: string, doc: Document, answer: Answer): Promise<FakeResponse> {
  const verdict = await judgeLibro(ctx.archivo, xml, doc, ctx.rutSender, ctx.rutCompany);
  if ('status' in verdict) return answer(verdict.status, ctx, verdict.errors);
  const sha256 = createHash('sha256').update(ctx.archivo).digest('hex');
  const repeated = authority.findRepeated(sha256, []);
  if (repeated) return answer(99, ctx, [repeated]);
  const record = authority.recordUpload({
    trackId: newTrackId(authority),
    rutSender: ctx.rutSender,
    rutCompany: ctx.rutCompany,
    fileName: ctx.fileName,
    sha256,
    receivedAt: authority.now(),
    documents: [],
    ...verdict,
  });
  return answer(0, ctx, [], record.trackId);
}

function readForm(req: FakeRequest): UploadContext {
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

/**
 * The Caratula checks that end an accepted upload in RCT (docs/research/sii-protocol.md §2.5): RutReceptor is the
 * SII (CRT-3-18), FchResol/NroResol are the company's registered resolution (CRT-3-19; see
 * {@link SiiFakeState.resolucionOf}), RutEnvia and RutEmisor are the upload's (the glosa peers quote, no code known).
 */
function caratulaOutcome(authority: SiiFakeState, c: Caratula, ctx: UploadContext): { finalState: 'EPR' | 'RCT'; rejection?: string } {
  if (c.rutReceptor !== SII_RUT) return { finalState: 'RCT', rejection: '(CRT-3-18) RUT Receptor (Caratula) Invalido' };
  if (!authority.resolucionValida(ctx.rutCompany, c.fchResol, c.nroResol)) {
    return { finalState: 'RCT', rejection: '(CRT-3-19) Fecha/Numero Resolucion Invalido' };
  }
  if (c.rutEnvia !== ctx.rutSender) return { finalState: 'RCT', rejection: 'RUT Envia diferente al Upload' };
  if (c.rutEmisor !== ctx.rutCompany) return { finalState: 'RCT', rejection: 'RUT Emisor diferente al Upload' };
  return { finalState: 'EPR' };
}

function newTrackId(authority: SiiFakeState): string {
  let id: string;
  do id = String(randomInt(100_000_000, 9_999_999_999)).padStart(10, '0');
  while (authority.uploads.has(id));
  return id;
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
