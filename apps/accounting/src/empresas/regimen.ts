/** Tax regimes an empresa can keep its books under (LIR art. 14 after Ley 21.210). */
export const REGIMENES = ['pro_pyme_14d3', 'pro_pyme_14d8', 'general_14a'] as const;
export type Regimen = (typeof REGIMENES)[number];
