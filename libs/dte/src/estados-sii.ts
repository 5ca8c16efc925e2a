/**
 * The SII's vocabulary of upload states (QueryEstUp ESTADO; docs/research/sii-protocol.md §2.5) and of the tax period,
 * in one place for every area of the gateway and for accounting.
 */

/** Envío states in which the SII refused the whole file: schema (RSC), signature (RFR), carátula (RCT), repeated (RPT), file not found (VOF). */
export const ESTADOS_ENVIO_RECHAZADO = ['RSC', 'RFR', 'RCT', 'RPT', 'VOF'] as const;

/** Envío states after which QueryEstUp says nothing new: processed (EPR), or refused. */
export const ESTADOS_ENVIO_FINALES: readonly string[] = ['EPR', ...ESTADOS_ENVIO_RECHAZADO];

/**
 * States after which an IECV book upload says nothing new: book accepted (LOK, "Libro Cuadrado") or refused (LRH),
 * besides the envío's own final states and RCO (rejected for consistency).
 */
export const ESTADOS_LIBRO_FINALES: readonly string[] = ['LOK', 'LRH', ...ESTADOS_ENVIO_FINALES, 'RCO'];

/** PeriodoTributario YYYY-MM (LibroCV_v10.xsd Caratula; the RCV's `ptributario` without the dash). */
export const PERIODO_TRIBUTARIO = /^(19|20)\d{2}-(0[1-9]|1[0-2])$/;

/** The XML declaration of every file the SII takes (ISO-8859-1, the encoding of its schemas), with its line break. */
export const DECLARACION_LATIN1 = '<?xml version="1.0" encoding="ISO-8859-1"?>\n';
