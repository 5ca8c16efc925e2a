import { createHash, randomInt } from 'node:crypto';
import { parseDteDocuments, validateXsd, type ParsedDte } from '@lib/dte';
import type { SiiFakeState } from './state';
import { checkDteSignature, checkEnvelopeSignature } from './upload-checks';
import { checkDocument } from './timbre-checks';
import { judgeDocument } from './content-checks';
import { caratulaOutcome, readCaratula } from './caratula-checks';
import { vigenciaProblems } from './certificado-checks';
import { leerArchivo, type UploadContext } from './upload';
import type { BoletaEnvioRecord, UploadedDocument } from './types';

type Juzgado = Pick<BoletaEnvioRecord, 'finalState' | 'rejection' | 'documents'>;

/** An EnvioBOLETA as the boleta service judges it after answering REC (docs/research/boletas.md §1.3-1.4); the carátula by an
 * EnvioDTE's rules. */
export async function judgeEnvioBoleta(authority: SiiFakeState, ctx: UploadContext): Promise<BoletaEnvioRecord> {
  const sha256 = createHash('sha256').update(ctx.archivo).digest('hex');
  const base = {
    trackId: newTrackId(authority),
    rutSender: ctx.rutSender,
    rutCompany: ctx.rutCompany,
    sha256,
    receivedAt: authority.now(),
  };
  return { ...base, ...(await judge(authority, ctx, sha256)) };
}

async function judge(authority: SiiFakeState, ctx: UploadContext, sha256: string): Promise<Juzgado> {
  const refused = (finalState: Juzgado['finalState'], seccion: string, descripcion: string, detalle?: string): Juzgado => ({
    finalState,
    rejection: { seccion, descripcion, ...(detalle ? { detalle } : {}) },
    documents: [],
  });
  const previo = [...authority.boletaEnvios.values()].find((e) => e.sha256 === sha256);
  if (previo) return refused('RPT', 'ENV', 'Envio repetido', `TRACKID ${previo.trackId}`);
  const leido = leerArchivo(ctx.archivo);
  if ('error' in leido) return refused('RSC', 'ENV', 'Error de Schema', leido.error);
  const { xml, doc } = leido;
  const schema = await validateXsd(ctx.archivo, 'EnvioBOLETA');
  if (!schema.valid) return refused('RSC', 'ENV', 'Error de Schema', schema.errors.slice(0, 5).join('; '));
  const caratula = readCaratula(doc);
  const firma = checkEnvelopeSignature(xml, doc);
  const vigencia = firma.certificate
    ? vigenciaProblems([{ que: 'Envio', certificate: firma.certificate, firmadoEl: caratula.tmstFirmaEnv }], authority.now())
    : [];
  if (firma.error || vigencia.length)
    return refused('RFR', 'ENV', 'Error en Firma del Envio', [firma.error, ...vigencia].filter(Boolean).join('; '));
  const boletas = parseDteDocuments(ctx.archivo);
  const carat = caratulaOutcome(authority, caratula, { ...ctx, tipos: boletas.map((b) => b.tipo_dte) });
  if (carat.finalState === 'RCT') return refused('RCT', 'CRT', carat.rejection ?? 'Error en Caratula');
  return { finalState: 'EPR', documents: boletas.map((b) => judgeBoleta(authority, xml, b)) };
}

/** A boleta's signature, TED and CAF failing is RCH (seccion TED in the glosa); otherwise its content decides (content-checks). */
function judgeBoleta(authority: SiiFakeState, xml: string, boleta: ParsedDte): UploadedDocument {
  const juicio = judgeDocument(authority, boleta.xml);
  const firma = checkDteSignature(xml, boleta.xml);
  const timbre = checkDocument(authority, boleta.xml);
  const errores = [...(firma.error ? [firma.error] : []), ...timbre.map((t) => `(TED) ${t}`)];
  const repetida = yaRecibida(authority, boleta);
  if (repetida) errores.push(repetida);
  if (errores.length === 0) return juicio;
  return { ...juicio, result: 'RCH', detail: [...errores, ...(juicio.detail ? [juicio.detail] : [])].join('; ') };
}

function yaRecibida(authority: SiiFakeState, b: ParsedDte): string | undefined {
  for (const envio of authority.boletaEnvios.values()) {
    const misma = envio.documents.find(
      (d) => d.emisor === b.emisor.rut && d.tipo === b.tipo_dte && d.folio === b.folio && d.result !== 'RCH',
    );
    if (misma) return `(DTE) Boleta tipo ${b.tipo_dte} folio ${b.folio} ya recibida (TRACKID ${envio.trackId})`;
  }
  return undefined;
}

/** Boleta track IDs have 15 digits (docs/research/boletas.md §1.1, the SII's instructivo). */
function newTrackId(authority: SiiFakeState): string {
  let id: string;
  do id = `1${String(randomInt(0, 1e14)).padStart(14, '0')}`;
  while (authority.boletaEnvios.has(id));
  return id;
}
