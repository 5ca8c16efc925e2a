/** PeriodoTributario `YYYY-MM` (SII PeriodoTributario of LibroCV_v10.xsd; the RCV's ptributario is the same month). */
export const PERIODO = /^(19|20)\d{2}-(0[1-9]|1[0-2])$/;
