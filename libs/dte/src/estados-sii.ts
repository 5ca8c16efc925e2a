/** The SII's upload states (QueryEstUp ESTADO; docs/research/sii-protocol.md §2.5) and tax period, for the gateway and accounting. */

/** Whole file refused: schema (RSC), signature (RFR), carátula (RCT), repeated (RPT), file not found (VOF). */
export const ESTADOS_ENVIO_RECHAZADO = ['RSC', 'RFR', 'RCT', 'RPT', 'VOF'] as const;

/**
 * Received (REC), schema (SOK), carátula (CRT) and signature (FOK) checked, in process (PDR): the SII is not done yet,
 * with an envío of DTEs or a book. Any other state the SII answers is final (EPR, LOK, LRH, a refusal): what it means
 * is {@link resultadoDeEnvio} or {@link resultadoDeLibro}.
 */
export const ESTADOS_ENVIO_EN_PROCESO: readonly string[] = ['REC', 'SOK', 'CRT', 'FOK', 'PDR'];

/** One document type's counts in an EPR answer (QueryEstUp RESP_BODY: TIPO_DOCTO, INFORMADOS, ACEPTADOS, RECHAZADOS, REPAROS). */
export interface ConteoEnvio {
  tipo_dte: number;
  informados: number;
  aceptados: number;
  rechazados: number;
  reparos: number;
}

/**
 * A document's outcome at the SII in the platform's words, published to the other apps (libs/contracts) so that none
 * of them reads SII codes: `aceptado`, `aceptado_con_reparos` (RPR/RLV: accepted with objections), `rechazado` (RCH,
 * or the whole envío refused), `pendiente` (not sent yet, or the SII has not finished with it).
 */
export const RESULTADOS_SII = ['aceptado', 'aceptado_con_reparos', 'rechazado', 'pendiente'] as const;
export type ResultadoSii = (typeof RESULTADOS_SII)[number];

/**
 * The outcome of a document of `tipoDte`, alone in its type in the envío (one DTE per envío, as the gateway uploads),
 * from the envío's upload state and the counts the SII gives at EPR (docs/research/sii-protocol.md §2.5):
 * a refused envío (RSC, RFR, RCT, RPT, VOF) is `rechazado`; at EPR a rejected count is `rechazado`, a count with
 * objections `aceptado_con_reparos`, otherwise `aceptado`; any other state, or EPR without counts of the type,
 * `pendiente`. Never throws.
 */
export function resultadoDeEnvio(estado: string, documentos: readonly ConteoEnvio[] | null | undefined, tipoDte: number): ResultadoSii {
  if ((ESTADOS_ENVIO_RECHAZADO as readonly string[]).includes(estado)) return 'rechazado';
  if (estado !== 'EPR') return 'pendiente';
  const conteo = (documentos ?? []).find((d) => d.tipo_dte === tipoDte);
  if (!conteo) return 'pendiente';
  if (conteo.rechazados > 0) return 'rechazado';
  return conteo.reparos > 0 ? 'aceptado_con_reparos' : 'aceptado';
}

/**
 * A book's outcome (IECV, docs/research/sii-protocol.md §2.5 and §3.6) in the words of {@link RESULTADOS_SII}:
 * LOK ("Libro Cuadrado") or a processed envío (EPR) is `aceptado`; LRH (refused), RCO (consistency) or a refused
 * envelope (RSC, RFR, RCT, RPT, VOF) is `rechazado`; any other state `pendiente`. Never throws.
 */
export function resultadoDeLibro(estado: string): ResultadoSii {
  if (estado === 'LOK' || estado === 'EPR') return 'aceptado';
  if (estado === 'LRH' || estado === 'RCO' || (ESTADOS_ENVIO_RECHAZADO as readonly string[]).includes(estado)) return 'rechazado';
  return 'pendiente';
}

/** LibroCV_v10.xsd Caratula; the RCV's `ptributario` without the dash. */
export const PERIODO_TRIBUTARIO = /^(19|20)\d{2}-(0[1-9]|1[0-2])$/;

/** ISO-8859-1, the encoding of the SII's schemas. */
export const DECLARACION_LATIN1 = '<?xml version="1.0" encoding="ISO-8859-1"?>\n';
