/** Where a posted entry comes from (the `origen` column of `asiento`). */
export const ORIGENES_ASIENTO = ['manual', 'dte', 'reversa', 'apertura', 'importacion', 'banco'] as const;
export type OrigenAsiento = (typeof ORIGENES_ASIENTO)[number];
