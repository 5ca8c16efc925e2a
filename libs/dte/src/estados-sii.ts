/** The SII's upload states (QueryEstUp ESTADO; docs/research/sii-protocol.md §2.5) and tax period, for the gateway and accounting. */

/** Whole file refused: schema (RSC), signature (RFR), carátula (RCT), repeated (RPT), file not found (VOF). */
export const ESTADOS_ENVIO_RECHAZADO = ['RSC', 'RFR', 'RCT', 'RPT', 'VOF'] as const;

export const ESTADOS_ENVIO_FINALES: readonly string[] = ['EPR', ...ESTADOS_ENVIO_RECHAZADO];

/** Plus LOK ("Libro Cuadrado"), LRH (refused) and RCO (consistency). */
export const ESTADOS_LIBRO_FINALES: readonly string[] = ['LOK', 'LRH', ...ESTADOS_ENVIO_FINALES, 'RCO'];

/** LibroCV_v10.xsd Caratula; the RCV's `ptributario` without the dash. */
export const PERIODO_TRIBUTARIO = /^(19|20)\d{2}-(0[1-9]|1[0-2])$/;

/** ISO-8859-1, the encoding of the SII's schemas. */
export const DECLARACION_LATIN1 = '<?xml version="1.0" encoding="ISO-8859-1"?>\n';
