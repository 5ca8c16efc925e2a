import { createHash, randomInt } from 'node:crypto';
import { escapeXml } from '@lib/dte';
import type { SiiFakeState } from './state';
import { tokenFromCookie } from './auth';
import { MultipartError, multipartBoundary, parseMultipart } from './multipart';
import { normalizeRut } from './internal/rut';
import { newTrackId } from './internal/track-id';
import { fechaSii } from './registro-reclamo';
import { juzgarAec, type VeredictoAec } from './aec-judge';
import type { AecEnvioRecord, CesionRegistrada, FakeRequest, FakeResponse } from './types';

/** maullin (certification) and palena (production), docs/research/cesion.md §2 (ENV §4). */
export const RTC_ANOT_ENVIO_PATH = '/cgi_rtc/RTC/RTCAnotEnvio.cgi';

const FIELDS = ['emailNotif', 'rutCompany', 'dvCompany', 'archivo'];

interface AecForm {
  emailNotif: string;
  rutCompany: string;
  fileName: string;
  archivo: Buffer;
}

/** What RECEPCIONAEC echoes; '-' where the stand-in has nothing (ENV §3: RUTSENDER '-' on an authentication error). */
interface Eco {
  rutSender: string;
  rutCompany: string;
  file: string;
}

/** RTCAnotEnvio (docs/research/cesion.md §2, ENV §2-§3), with DTEUpload's token and its STATUS 6 and 1 rules; the AEC is judged
 * at once (aec-judge.ts) and getEstEnvio shows its states (rpetc-consulta.ts). */
export async function handleRtcAnotEnvio(state: SiiFakeState, req: FakeRequest): Promise<FakeResponse> {
  const answer = (status: number, eco: Eco, trackId?: string) => recepcionAec(state.now(), status, eco, trackId);
  const token = tokenFromCookie(req.headers['cookie']);
  const owner = token ? state.activeToken(token) : undefined;
  if (!owner) return answer(5, { rutSender: '-', rutCompany: '-', file: '-' });
  const rutSender = owner.rut ?? '-';
  let form: AecForm;
  try {
    form = readAecForm(req);
  } catch {
    return answer(4, { rutSender, rutCompany: '-', file: '-' });
  }
  const eco = { rutSender, rutCompany: form.rutCompany, file: form.fileName };
  if (state.options.unknownRuts.includes(form.rutCompany)) return answer(6, eco);
  if (!state.puedeEnviar(owner.rut, form.rutCompany)) return answer(1, eco);
  if (form.archivo.length === 0 || form.archivo.length > state.options.aecMaxBytes) return answer(2, eco);

  const veredicto = await juzgarAec(state, form.archivo, form.rutCompany);
  const record = registrar(state, form, rutSender, veredicto);
  return answer(0, eco, record.trackId);
}

/** The form of docs/research/cesion.md §2, in order and none empty. @throws MultipartError */
function readAecForm(req: FakeRequest): AecForm {
  const contentType = String(req.headers['content-type'] ?? '');
  const boundary = multipartBoundary(contentType);
  if (!/multipart\/form-data/i.test(contentType) || !boundary) throw new MultipartError('Se esperaba multipart/form-data');
  const parts = parseMultipart(req.body ?? Buffer.alloc(0), boundary);
  if (FIELDS.some((f, i) => parts[i]?.name !== f) || parts.length !== FIELDS.length) throw new MultipartError('Faltan parametros');
  const text = (i: number) => parts[i].data.toString('latin1').trim();
  const rutCompany = /^\d+$/.test(text(1)) ? normalizeRut(`${text(1)}-${text(2)}`) : undefined;
  if (!text(0) || !rutCompany) throw new MultipartError('Faltan parametros');
  const file = parts[3];
  return { emailNotif: text(0), rutCompany, fileName: file.filename || 'archivo.xml', archivo: file.data };
}

function registrar(state: SiiFakeState, form: AecForm, rutSender: string, v: VeredictoAec): AecEnvioRecord {
  const trackId = newTrackId(state);
  const receivedAt = state.now();
  const documento = v.documento;
  const record: AecEnvioRecord = {
    trackId,
    rutSender,
    rutCompany: form.rutCompany,
    emailNotif: form.emailNotif,
    fileName: form.fileName,
    archivo: form.archivo,
    sha256: createHash('sha256').update(form.archivo).digest('hex'),
    receivedAt,
    finalState: v.finalState,
    ...(v.detail ? { detail: v.detail } : {}),
    firmasInternas: v.firmasInternas,
    cesiones: documento
      ? v.nuevas.map((c): CesionRegistrada => ({
          idCesion: newIdCesion(state),
          trackId,
          seq: c.seq,
          ...documento,
          cedente: c.cedente,
          cesionario: c.cesionario,
          montoCesion: c.montoCesion,
          ultimoVencimiento: c.ultimoVencimiento,
          tmstCesion: c.tmstCesion,
          declaracionJurada: c.declaracionJurada,
          registradaEl: receivedAt,
        }))
      : [],
  };
  state.aecEnvios.set(trackId, record);
  return record;
}

/** 10 digits like DTEUpload's (ENV §3's example "0000038936"), unique among both services' envíos. */
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The "Identificador de Cesion": 20 characters like `Na0100Bu6489xQ0304hI` (docs/research/cesion.md §3, the result e-mail [P]). */
function newIdCesion(state: SiiFakeState): string {
  const taken = new Set([...state.aecEnvios.values()].flatMap((e) => e.cesiones.map((c) => c.idCesion)));
  let id: string;
  do id = Array.from({ length: 20 }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join('');
  while (taken.has(id));
  return id;
}

/** ENV §3's answer, verbatim in shape: one line, no XML declaration. Served as text/html, the CGI's likely type (unconfirmed),
 * so a client parses the body. */
function recepcionAec(now: Date, status: number, eco: Eco, trackId?: string): FakeResponse {
  const xml =
    '<RECEPCIONAEC>' +
    `<RUTSENDER>${escapeXml(eco.rutSender)}</RUTSENDER><RUTCOMPANY>${escapeXml(eco.rutCompany)}</RUTCOMPANY>` +
    `<FILE>${escapeXml(eco.file)}</FILE><TIMESTAMP>${fechaSii(now)}</TIMESTAMP><STATUS>${status}</STATUS>` +
    (trackId ? `<TRACKID>${trackId}</TRACKID>` : '') +
    '</RECEPCIONAEC>';
  return { status: 200, headers: { 'content-type': 'text/html; charset=ISO-8859-1' }, body: Buffer.from(xml, 'latin1') };
}
