import { Injectable, Logger } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import {
  DteEncodingError,
  DteError,
  assertVerifiableEncoding,
  fechaFueraDeRango,
  tipoNoRecibible,
  isCalendarDate,
  parseDteDocuments,
  recepcionDteFromParsed,
  santiagoTimestamp,
  type ParsedDte,
} from '@lib/dte';
import { isValidRut, normalizeRut } from '@lib/rut';
import { ProblemException } from '@lib/schemas';
import { TaxMetrics } from '../metrics/tax-metrics';
import type { RecepcionDetailView, RecepcionDocumentoView, RecepcionEnvioView } from './dto/recepcion.dto';
import { RecepcionEnvioEntity } from './entities/recepcion-envio.entity';
import { RecepcionEntity, type MontosRecibidos } from './entities/recepcion.entity';
import { RecepcionRespuestaEntity } from './entities/recepcion-respuesta.entity';
import { GLOSA_DTE, RecepcionVerifier, type DocumentoVerificado, type EnvioVerificado } from './recepcion-verifier';
import { RecepcionStore } from './recepcion.store';
import { toRecepcionView, toRespuestaView } from './recepcion.views';
import { RespuestaBuilder } from './respuesta-builder';

/** Largest file accepted (issue 9, "Reception"): real EnvioDTEs are tens of KB; the SII's own limit is of this order. */
export const MAX_RECEPCION_BYTES = 5 * 1024 * 1024;

const UNIQUE_VIOLATION = '23505';

// docs/tax-gateway.md "Reception": a DTE that fails verification is recorded with its reasons but never keys duplicates, so a forged
// copy received first cannot shadow the genuine document.
@Injectable()
export class RecepcionService {
  private readonly logger = new Logger(RecepcionService.name);

  constructor(
    private readonly store: RecepcionStore,
    private readonly verifier: RecepcionVerifier,
    private readonly respuestas: RespuestaBuilder,
    private readonly metrics: TaxMetrics,
  ) {}

  /** @param bytes the file exactly as received (any encoding libs/dte reads). */
  async receive(tenant: string, bytes: Buffer, nombreArchivo: string, caller?: string): Promise<RecepcionEnvioView & { nuevo: boolean }> {
    if (bytes.length > MAX_RECEPCION_BYTES) {
      throw new ProblemException(
        413,
        'payload_too_large',
        `The file has ${bytes.length} bytes; at most ${MAX_RECEPCION_BYTES} are accepted.`,
      );
    }
    const dtes = readDtes(bytes);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const seen = await this.store.findEnvioBySha(tenant, sha256);
    if (seen) return { ...(await this.loadEnvioView(seen, true)), nuevo: false };
    try {
      return { ...(await this.receiveNew(tenant, bytes, sha256, dtes, nombreArchivo, caller)), nuevo: true };
    } catch (err) {
      // A concurrent reception of the same file or DTE won the race: answer what it stored.
      if ((err as { code?: string }).code !== UNIQUE_VIOLATION) throw err;
      const winner = await this.store.findEnvioBySha(tenant, sha256);
      if (winner) return { ...(await this.loadEnvioView(winner, true)), nuevo: false };
      return { ...(await this.receiveNew(tenant, bytes, sha256, dtes, nombreArchivo, caller)), nuevo: true };
    }
  }

  private async receiveNew(
    tenant: string,
    bytes: Buffer,
    sha256: string,
    dtes: ParsedDte[],
    nombreArchivo: string,
    caller?: string,
  ): Promise<RecepcionEnvioView> {
    const verificado = await this.verifier.verify(tenant, bytes, dtes);
    const previos = await this.store.findVerificados(tenant, dtes.map(keyOf));
    // Only a DTE that verifies can be a repetition: a failed one is recorded with its reasons, whatever came before.
    const previoOf = (d: DocumentoVerificado) => (d.estado === 0 ? previos.find((p) => sameKey(p, d.dte)) : undefined);
    const now = new Date();
    const envio = Object.assign(new RecepcionEnvioEntity(), {
      id: randomUUID(),
      numero: await this.store.nextNumero('recepcion_envio'),
      tenant,
      nombreArchivo,
      xml: bytes,
      xmlSha256: sha256,
      setId: verificado.setId.slice(0, 80),
      rutEmisor: verificado.rutEmisor.slice(0, 10),
      estadoEnvio: verificado.estado,
      glosa: verificado.glosa,
      verificaciones: verificado.verificaciones,
      caller: caller ?? null,
    });
    const nuevos = verificado.documentos.filter((d) => !previoOf(d));
    const recepciones = uniqueByKey(nuevos).map((d) => recepcionOf(envio, d));
    const repetidos = new Set(verificado.documentos.filter((d) => previoOf(d)).map((d) => d.dte));
    const respuesta = await this.answerEnvio(envio, verificado, (d) => repetidos.has(d), now);
    await this.store.insertEnvio(envio, recepciones, respuesta);
    for (const r of recepciones) this.metrics.dtesReceived.inc({ tipo_dte: String(r.tipoDte) });
    this.logger.log(`recepcion ${envio.id}: ${recepciones.length} new DTE(s), EstadoRecepEnv ${envio.estadoEnvio}`);
    const matched = previos.filter((p) => verificado.documentos.some((d) => previoOf(d) === p));
    return this.loadEnvioView(Object.assign(envio, { receivedAt: now }), false, [...recepciones, ...matched], respuesta);
  }

  private async answerEnvio(
    envio: RecepcionEnvioEntity,
    v: EnvioVerificado,
    repetido: (d: ParsedDte) => boolean,
    now: Date,
  ): Promise<RecepcionRespuestaEntity> {
    const numero = await this.store.nextNumero('recepcion_respuesta');
    const xml = await this.respuestas.buildRecepcionEnvio(
      { rutResponde: envio.tenant, rutRecibe: v.rutEmisor || v.documentos[0].dte.emisor.rut, idRespuesta: numero },
      {
        nmbEnvio: envio.nombreArchivo,
        fchRecep: santiagoTimestamp(now),
        codEnvio: envio.numero,
        envioDteId: v.setId || 'SetDoc',
        rutEmisor: v.rutEmisor || undefined,
        rutReceptor: envio.tenant,
        estado: v.estado,
        glosa: v.glosa,
        dtes: v.documentos.map((d) =>
          repetido(d.dte) ? recepcionDteFromParsed(d.dte, 4, GLOSA_DTE[4]) : recepcionDteFromParsed(d.dte, d.estado, d.glosa),
        ),
      },
      now,
    );
    return respuestaOf(envio.tenant, numero, 'RecepcionEnvio', xml, { envioId: envio.id }, now);
  }

  private async loadEnvioView(
    envio: RecepcionEnvioEntity,
    duplicado: boolean,
    documentos?: RecepcionEntity[],
    respuesta?: RecepcionRespuestaEntity,
  ): Promise<RecepcionEnvioView> {
    const docs = documentos ?? (await this.findStoredDocumentos(envio));
    const answer = respuesta ?? (await this.store.listRespuestas({ envioId: envio.id }))[0];
    const nuevos = new Set((documentos ?? []).filter((d) => d.envioId === envio.id).map((d) => d.id));
    return {
      envio_id: envio.id,
      tenant: envio.tenant,
      nombre_archivo: envio.nombreArchivo,
      sha256: envio.xmlSha256,
      estado_envio: envio.estadoEnvio,
      glosa: envio.glosa,
      duplicado,
      verificaciones: envio.verificaciones,
      documentos: docs.map((d): RecepcionDocumentoView => ({
        ...toRecepcionView(d),
        duplicado: duplicado || !nuevos.has(d.id),
        verificaciones: [...envio.verificaciones, ...d.verificaciones],
      })),
      respuesta: toRespuestaView(answer),
      correo_intercambio: docs.find((d) => d.correoEmisor)?.correoEmisor ?? null,
    };
  }

  /** The DTEs of a stored file: those it recorded, and for the others the verified record it repeated. */
  private async findStoredDocumentos(envio: RecepcionEnvioEntity): Promise<RecepcionEntity[]> {
    const propios = await this.store.findByEnvio(envio.id);
    const otros = readDtes(envio.xml).filter((d) => !propios.some((p) => sameKey(p, d)));
    const verificados = await this.store.findVerificados(envio.tenant, otros.map(keyOf));
    return [...propios, ...verificados];
  }

  async detail(id: string): Promise<RecepcionDetailView> {
    const r = await this.findOrThrow(id);
    const envio = (await this.store.findEnvio(r.envioId)) as RecepcionEnvioEntity;
    const respuestas = [
      ...(await this.store.listRespuestas({ envioId: envio.id })),
      ...(await this.store.listRespuestas({ recepcionId: id })),
    ];
    return {
      ...toRecepcionView(r),
      verificaciones: [...envio.verificaciones, ...r.verificaciones],
      nombre_archivo: envio.nombreArchivo,
      xml_base64: envio.xml.toString('base64'),
      respuestas: respuestas.map(toRespuestaView),
    };
  }

  async findOrThrow(id: string): Promise<RecepcionEntity> {
    const r = await this.store.findRecepcion(id);
    if (!r) throw new ProblemException(404, 'recepcion_not_found', `No received DTE ${id}.`);
    return r;
  }
}

/** The DTEs of a file, or the reason it cannot be verified at all. */
function readDtes(bytes: Buffer): ParsedDte[] {
  let dtes: ParsedDte[];
  try {
    // Signatures are verified on the bytes in their declared encoding: a file that has none is refused here.
    assertVerifiableEncoding(bytes);
    dtes = parseDteDocuments(bytes);
  } catch (err) {
    if (!(err instanceof DteError)) throw err;
    if (err instanceof DteEncodingError) {
      throw new ProblemException(422, 'encoding_invalid', `The file's encoding cannot be read exactly: ${err.message}.`);
    }
    throw new ProblemException(422, 'dte_unreadable', `The file is not a readable EnvioDTE or DTE: ${err.message}`);
  }
  for (const d of dtes) {
    const illegible = illegibleField(d);
    if (illegible) throw new ProblemException(422, 'dte_unreadable', `The file is not a readable EnvioDTE or DTE: ${illegible}`);
    const noRecibible = tipoNoRecibible(d.tipo_dte, d.folio);
    if (noRecibible) throw new ProblemException(422, 'tipo_dte_unsupported', noRecibible, { tipo_dte: d.tipo_dte });
    const reason = fechaFueraDeRango(d.fecha_emision);
    if (reason) throw new ProblemException(422, 'fecha_out_of_range', `FchEmis of T${d.tipo_dte}F${d.folio}: ${reason}`);
  }
  return dtes;
}

/** RUTType of SiiTypes_v10.xsd: digits, hyphen, check digit, no dots. */
const isCanonicalRut = (r: string) => isValidRut(r) && normalizeRut(r) === r;

// The fields a record is keyed and summed by must be what DTE_v10.xsd allows, or nothing can be stored.
function illegibleField(d: ParsedDte): string | undefined {
  const amount = (v: number) => Number.isSafeInteger(v) && v >= 0 && v < 1e18;
  if (!Number.isInteger(d.tipo_dte) || d.tipo_dte < 1 || d.tipo_dte > 999) return `TipoDTE ${d.tipo_dte} is not a document type`;
  if (!Number.isSafeInteger(d.folio) || d.folio < 1 || d.folio > 9_999_999_999) return `Folio ${d.folio} is not a folio`;
  if (!isCalendarDate(d.fecha_emision)) return `FchEmis ${d.fecha_emision} is not a date`;
  if (!isCanonicalRut(d.emisor.rut)) return `RUTEmisor ${d.emisor.rut} is not a RUT`;
  if (!isCanonicalRut(d.receptor.rut)) return `RUTRecep ${d.receptor.rut} is not a RUT`;
  const { neto, exento, iva, total } = d.montos;
  if (![neto, exento, iva, total].every(amount)) return `T${d.tipo_dte}F${d.folio}: Totales are not whole CLP amounts`;
  return undefined;
}

const sameKey = (r: RecepcionEntity, d: ParsedDte) => r.rutEmisor === d.emisor.rut && r.tipoDte === d.tipo_dte && r.folio === d.folio;

function keyOf(d: ParsedDte) {
  return { rutEmisor: d.emisor.rut, tipoDte: d.tipo_dte, folio: d.folio };
}

/** A file that carries the same DTE twice records it once (the first). */
function uniqueByKey(docs: DocumentoVerificado[]): DocumentoVerificado[] {
  const seen = new Set<string>();
  return docs.filter((d) => {
    const k = `${d.dte.emisor.rut}|${d.dte.tipo_dte}|${d.dte.folio}`;
    return seen.has(k) ? false : (seen.add(k), true);
  });
}

function recepcionOf(envio: RecepcionEnvioEntity, d: DocumentoVerificado): RecepcionEntity {
  const { dte } = d;
  return Object.assign(new RecepcionEntity(), {
    id: randomUUID(),
    envioId: envio.id,
    tenant: envio.tenant,
    rutEmisor: dte.emisor.rut.slice(0, 10),
    razonSocialEmisor: dte.emisor.razon_social.slice(0, 100),
    correoEmisor: dte.emisor.correo?.slice(0, 80) ?? null,
    tipoDte: dte.tipo_dte,
    folio: dte.folio,
    fechaEmision: dte.fecha_emision,
    rutReceptor: dte.receptor.rut.slice(0, 10),
    neto: dte.montos.neto,
    exento: dte.montos.exento,
    iva: dte.montos.iva,
    total: dte.montos.total,
    montosDetalle: montosRecibidos(dte),
    estado: d.estado === 0 ? 'recibido' : 'rechazado',
    estadoRecepcion: d.estado,
    glosa: d.glosa,
    verificaciones: d.verificaciones,
    estadoComercial: null,
    createdAt: new Date(),
  });
}

/** What a received DTE's Totales say beyond the four amounts, as stored with it (RecepcionEntity.montosDetalle). */
function montosRecibidos(dte: ParsedDte): MontosRecibidos {
  const o = dte.otros_totales;
  return {
    impuestos_adicionales: dte.montos.impuestos_adicionales.map((i) => ({
      codigo: i.codigo,
      tasa: o.impuestos_sin_tasa.includes(i.codigo) ? null : i.tasa,
      monto: i.monto,
    })),
    iva_no_retenido: o.iva_no_retenido,
    credito_empresas_constructoras: o.credito_empresas_constructoras,
    monto_base: o.monto_base,
    montos_brutos: o.montos_brutos,
    comisiones: o.comisiones,
  };
}

export function respuestaOf(
  tenant: string,
  numero: number,
  tipo: RecepcionRespuestaEntity['tipo'],
  xml: Buffer,
  owner: { envioId?: string; recepcionId?: string },
  now = new Date(),
): RecepcionRespuestaEntity {
  return Object.assign(new RecepcionRespuestaEntity(), {
    id: randomUUID(),
    numero,
    tenant,
    envioId: owner.envioId ?? null,
    recepcionId: owner.recepcionId ?? null,
    tipo,
    xml,
    xmlSha256: createHash('sha256').update(xml).digest('hex'),
    createdAt: now,
  });
}
