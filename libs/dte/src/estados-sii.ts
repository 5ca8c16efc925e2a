/** The SII's upload states (QueryEstUp ESTADO; docs/research/sii-protocol.md §2.5) and tax period, for the gateway and accounting. */

/** Whole file refused: schema (RSC), signature (RFR), carátula (RCT), repeated (RPT), file not found (VOF). */
export const ESTADOS_ENVIO_RECHAZADO = ['RSC', 'RFR', 'RCT', 'RPT', 'VOF'] as const;

/**
 * Received (REC), schema (SOK), carátula (CRT) and signature (FOK) checked, in process (PDR; PRD in the boleta REST
 * service's spelling, docs/research/boletas.md §1.4): the SII is not done yet, with an envío of DTEs, of boletas or a book. Any other state the SII answers is final (EPR, LOK, LRH, a refusal): what it means
 * is {@link resultadoDeEnvio} or {@link resultadoDeLibro}.
 */
export const ESTADOS_ENVIO_EN_PROCESO: readonly string[] = ['REC', 'SOK', 'CRT', 'FOK', 'PDR', 'PRD'];

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

/** One boleta the boleta service reports as objected or rejected (`detalle_rep_rech[]`, docs/research/boletas.md §1.4). */
export interface BoletaObservada {
  tipo: number | null;
  folio: number | null;
  /** DOK, RPR, RLV or RCH. */
  estado: string;
}

/**
 * Envío states of the boleta REST service that refuse the whole envío (docs/research/boletas.md §1.4): schema (RSC), signature
 * (RFR), carátula (RCT), repeated (RPT), consistency (RCO), information (RCH), file not found (VOF).
 */
export const ESTADOS_ENVIO_BOLETA_RECHAZADO = ['RSC', 'RFR', 'RCT', 'RPT', 'RCO', 'RCH', 'VOF'] as const;

/**
 * A boleta's outcome from its envío's REST estado (docs/research/boletas.md §1.4, Odoo l10n_cl_edi's rule): a refused envío
 * is `rechazado`, and so is every boleta at EPR when the SII names no boleta in an observation (the envío as a whole);
 * at EPR or RPR the boleta's own `detalle_rep_rech` entry decides (RCH `rechazado`, RPR/RLV `aceptado_con_reparos`),
 * and a boleta the list leaves out is `aceptado` (the list names every boleta objected or rejected); without a list,
 * its type's counts decide: all accepted `aceptado`, objections `aceptado_con_reparos`, otherwise `pendiente`. Never throws.
 */
export function resultadoDeBoleta(
  estado: string,
  estadistica: readonly ConteoEnvio[] | null | undefined,
  observadas: readonly BoletaObservada[] | null | undefined,
  boleta: { tipoDte: number; folio: number },
): ResultadoSii {
  if ((ESTADOS_ENVIO_BOLETA_RECHAZADO as readonly string[]).includes(estado)) return 'rechazado';
  if (estado !== 'EPR' && estado !== 'RPR') return 'pendiente';
  if ((observadas ?? []).some((o) => o.folio === null && o.estado === 'RCH')) return 'rechazado';
  const propia = (observadas ?? []).find((o) => o.tipo === boleta.tipoDte && o.folio === boleta.folio);
  if (propia?.estado === 'RCH') return 'rechazado';
  if (propia?.estado === 'RPR' || propia?.estado === 'RLV') return 'aceptado_con_reparos';
  if (propia?.estado === 'DOK' || (observadas && !propia)) return 'aceptado';
  const conteo = (estadistica ?? []).find((d) => d.tipo_dte === boleta.tipoDte);
  if (!conteo) return 'pendiente';
  if (conteo.aceptados === conteo.informados) return conteo.reparos > 0 ? 'aceptado_con_reparos' : 'aceptado';
  return 'pendiente';
}

/** LibroCV_v10.xsd Caratula; the RCV's `ptributario` without the dash. */
export const PERIODO_TRIBUTARIO = /^(19|20)\d{2}-(0[1-9]|1[0-2])$/;

/**
 * The registry's ESTADO_ENVIO of an AEC (wsRPETCConsulta getEstEnvio; docs/research/cesion.md §3): in progress UPL, RCP,
 * SOK, FSO, COK, VDC, VCS; accepted EOK; refused RSC, RFS, RCR, RDC, RCS, EAN.
 */
export const ESTADOS_AEC_EN_PROCESO: readonly string[] = ['UPL', 'RCP', 'SOK', 'FSO', 'COK', 'VDC', 'VCS'];

/** The registry's final refusals (WSC): schema, envelope signature, carátula, document, cesión, envío annulled. */
export const ESTADOS_AEC_RECHAZADO: readonly string[] = ['RSC', 'RFS', 'RCR', 'RDC', 'RCS', 'EAN'];

/**
 * An AEC envío's outcome: EOK aceptado, a refusal of {@link ESTADOS_AEC_RECHAZADO} rechazado, anything else (in progress, or a
 * code WSC does not list) pendiente, so that an unknown answer never frees the document for another cesión.
 */
export function resultadoDeAec(estado: string): ResultadoSii {
  if (estado === 'EOK') return 'aceptado';
  return ESTADOS_AEC_RECHAZADO.includes(estado) ? 'rechazado' : 'pendiente';
}

/** ISO-8859-1, the encoding of the SII's schemas. */
export const DECLARACION_LATIN1 = '<?xml version="1.0" encoding="ISO-8859-1"?>\n';
