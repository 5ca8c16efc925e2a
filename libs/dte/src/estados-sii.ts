/** Upload states (QueryEstUp ESTADO, docs/research/sii-protocol.md §2.5) refusing the whole file: schema (RSC), signature (RFR),
 * carátula (RCT), repeated (RPT), file not found (VOF). */
export const ESTADOS_ENVIO_RECHAZADO = ['RSC', 'RFR', 'RCT', 'RPT', 'VOF'] as const;

/** The SII is not done with an envío of DTEs, boletas or a book (PRD: PDR in the boleta REST service, docs/research/boletas.md §1.4). */
export const ESTADOS_ENVIO_EN_PROCESO: readonly string[] = ['REC', 'SOK', 'CRT', 'FOK', 'PDR', 'PRD'];

/** One document type's counts in an EPR answer (QueryEstUp RESP_BODY: TIPO_DOCTO, INFORMADOS, ACEPTADOS, RECHAZADOS, REPAROS). */
export interface ConteoEnvio {
  tipo_dte: number;
  informados: number;
  aceptados: number;
  rechazados: number;
  reparos: number;
}

/** A document's outcome in the platform's words (libs/contracts), so that no other app reads SII codes; RPR/RLV `aceptado_con_reparos`. */
export const RESULTADOS_SII = ['aceptado', 'aceptado_con_reparos', 'rechazado', 'pendiente'] as const;
export type ResultadoSii = (typeof RESULTADOS_SII)[number];

/** A document's outcome (alone in its type in the envío) from state and EPR counts (docs/research/sii-protocol.md §2.5). Never throws. */
export function resultadoDeEnvio(estado: string, documentos: readonly ConteoEnvio[] | null | undefined, tipoDte: number): ResultadoSii {
  if ((ESTADOS_ENVIO_RECHAZADO as readonly string[]).includes(estado)) return 'rechazado';
  if (estado !== 'EPR') return 'pendiente';
  const conteo = (documentos ?? []).find((d) => d.tipo_dte === tipoDte);
  if (!conteo) return 'pendiente';
  if (conteo.rechazados > 0) return 'rechazado';
  return conteo.reparos > 0 ? 'aceptado_con_reparos' : 'aceptado';
}

/** A book's (IECV) outcome (docs/research/sii-protocol.md §3.6): LOK ("Libro Cuadrado") or EPR aceptado; LRH, RCO, a refusal rechazado. */
export function resultadoDeLibro(estado: string): ResultadoSii {
  if (estado === 'LOK' || estado === 'EPR') return 'aceptado';
  if (estado === 'LRH' || estado === 'RCO' || (ESTADOS_ENVIO_RECHAZADO as readonly string[]).includes(estado)) return 'rechazado';
  return 'pendiente';
}

/** One boleta the boleta service reports as objected or rejected (`detalle_rep_rech[]`, docs/research/boletas.md §1.4). */
export interface BoletaObservada {
  tipo: number | null;
  folio: number | null;
  estado: string;
}

/** The boleta service's refusals of a whole envío: {@link ESTADOS_ENVIO_RECHAZADO}, RCO and RCH (docs/research/boletas.md §1.4). */
export const ESTADOS_ENVIO_BOLETA_RECHAZADO = ['RSC', 'RFR', 'RCT', 'RPT', 'RCO', 'RCH', 'VOF'] as const;

/** A boleta's outcome (docs/research/boletas.md §1.4, Odoo l10n_cl_edi's rule): an RCH naming no boleta rejects the envío; one the
 * `detalle_rep_rech` list leaves out is `aceptado` (it names every boleta objected or rejected); else the counts decide. Never throws. */
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

/** The registry's ESTADO_ENVIO of an AEC in progress (wsRPETCConsulta getEstEnvio; docs/research/cesion.md §3); EOK accepts. */
export const ESTADOS_AEC_EN_PROCESO: readonly string[] = ['UPL', 'RCP', 'SOK', 'FSO', 'COK', 'VDC', 'VCS'];

/** The registry's final refusals (WSC): schema, envelope signature, carátula, document, cesión, envío annulled. */
export const ESTADOS_AEC_RECHAZADO: readonly string[] = ['RSC', 'RFS', 'RCR', 'RDC', 'RCS', 'EAN'];

/** An AEC envío's outcome; a code WSC does not list is `pendiente`: an unknown answer never frees the document for another cesión. */
export function resultadoDeAec(estado: string): ResultadoSii {
  if (estado === 'EOK') return 'aceptado';
  return ESTADOS_AEC_RECHAZADO.includes(estado) ? 'rechazado' : 'pendiente';
}

/** ISO-8859-1, the encoding of the SII's schemas. */
export const DECLARACION_LATIN1 = '<?xml version="1.0" encoding="ISO-8859-1"?>\n';
