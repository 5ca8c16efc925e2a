/** What the platform issues via EnvioDTE (docs/tax-gateway.md "Emission rules", docs/research/exportacion.md): every list of it is this. */
export const TIPOS_DTE_EMITIDOS = [33, 34, 43, 46, 52, 56, 61, 110, 111, 112] as const;
export type TipoDteEmision = (typeof TIPOS_DTE_EMITIDOS)[number];

/** The issued DTEs in the issuer's sales book (LibroCV VENTA): not a guía 52 (the factura that bills it is the sale) nor a factura de
 * compra 46 (a purchase; Formato DTE v2.2 §4). Exports are booked in pesos; boletas the SII registers from what it receives. */
export const TIPOS_DTE_VENTA = [33, 34, 56, 61, 110, 111, 112] as const;

/** Boletas 39 and 41: issued through EnvioBOLETA and the SII's boleta REST services, never EnvioDTE (docs/research/boletas.md). */
export const TIPOS_BOLETA = [39, 41] as const;

/** Every type the platform holds CAFs for and takes folios of: the DTEs and the boletas. */
export const TIPOS_CON_CAF: readonly number[] = [...TIPOS_DTE_EMITIDOS, ...TIPOS_BOLETA];

/** SiiTypes_v10.xsd DTEType (TipoDTE of DTE_v10.xsd and RespuestaEnvioDTE_v10.xsd). Boletas (39, 41) go to consumers, not here. */
export const TIPOS_DTE_INTERCAMBIO: readonly number[] = [33, 34, 46, 52, 56, 61];

/** SII Formato DTE v2.2 TipoDTE. */
const NOMBRE_TIPO_DTE: Readonly<Record<number, string>> = {
  33: 'factura electrónica',
  34: 'factura no afecta o exenta electrónica',
  39: 'boleta electrónica',
  41: 'boleta exenta electrónica',
  43: 'liquidación factura electrónica',
  46: 'factura de compra electrónica',
  52: 'guía de despacho electrónica',
  56: 'nota de débito electrónica',
  61: 'nota de crédito electrónica',
  110: 'factura de exportación electrónica',
  111: 'nota de débito de exportación electrónica',
  112: 'nota de crédito de exportación electrónica',
};

/** `TipoDTE 39 (boleta electrónica)`, or `TipoDTE 7` for a code the SII does not define. */
export function describeTipoDte(tipo: number): string {
  const nombre = NOMBRE_TIPO_DTE[tipo];
  return nombre ? `TipoDTE ${tipo} (${nombre})` : `TipoDTE ${tipo}`;
}

/** Why a received document of `tipo` cannot come through the DTE intercambio ({@link TIPOS_DTE_INTERCAMBIO}), or undefined. */
export function tipoNoRecibible(tipo: number, folio: number): string | undefined {
  if (TIPOS_DTE_INTERCAMBIO.includes(tipo)) return undefined;
  return (
    `${describeTipoDte(tipo)} of folio ${folio} is not received through the DTE intercambio; the types received are ` +
    `${TIPOS_DTE_INTERCAMBIO.join(', ')} (SiiTypes_v10.xsd DTEType).`
  );
}

/** LibroCV_v10.xsd DoctoType. Not the guía 52: it moves goods, and the factura that follows is what the books carry. */
export const TIPOS_LIBRO_CV: readonly number[] = [
  29, 30, 32, 33, 34, 35, 38, 39, 40, 41, 43, 45, 46, 48, 53, 55, 56, 60, 61, 101, 102, 103, 104, 105, 106, 108, 109, 110, 111, 112, 175,
  180, 185, 900, 901, 902, 903, 904, 905, 906, 907, 909, 910, 911, 914, 918, 919, 920, 921, 922, 924, 500, 501,
];
