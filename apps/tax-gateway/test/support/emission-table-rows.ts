import { santiagoDate } from '@lib/dte';

// Every row is an ordinary document a Chilean business issues, emitted through the API, checked by independent
// tools (xmllint, xmlsec1, node crypto for the TED), judged by the SII stand-in's content checks (DOK), with
// totals computed by hand in the row (SII Formato DTE v2.2 §B Totales, §C Detalle, §D DscRcgGlobal, §4 codes).
// Notes reference the rows above them by type and folio, so the order is the table's.
const HOY = santiagoDate();

type Linea = Record<string, unknown>;
const L = (cantidad: number | string, precio: number | string, extra: Linea = {}): Linea => ({
  nombre: 'Producto',
  cantidad,
  precio_unitario: precio,
  ...extra,
});
const ref = (tipo: number, folio: number, codigo: 1 | 2 | 3, razon: string) => ({
  tipo_doc: String(tipo),
  folio: String(folio),
  fecha: HOY,
  codigo,
  razon,
});

export interface Esperado {
  neto: number;
  exento: number;
  iva: number;
  total: number;
  descuentos?: number;
  recargos?: number;
  impuestos_adicionales?: { codigo: number; tasa: number; monto: number }[];
  /** IVANoRet of a factura de compra with a partial retention (Formato DTE v2.2 field 118). */
  iva_no_retenido?: number;
  /** Totales/Comisiones of a liquidación-factura (Formato DTE v2.2 fields 121-123). */
  comisiones?: { neto: number; exento: number; iva: number };
  /** An export's Totales in its currency, as the DTE writes them (the CLP fields are its OtraMoneda pesos). */
  exportacion?: { moneda: string; tipo_cambio: string; exento: string; total: string };
}
const m = (neto: number, exento: number, iva: number, total: number, extra: Partial<Esperado> = {}): Esperado => ({
  neto,
  exento,
  iva,
  total,
  ...extra,
});

// [name, tipo_dte, body fields beyond the receptor, expected montos]. Notes reference rows above by type and folio.
/** Transporte of a guía (SII Formato DTE v2.2 §A fields 67-73): CmnaDest is obligatory on a 52. */
const TRANSPORTE = {
  patente: 'ABCD12',
  rut_transportista: '77777777-7',
  chofer: { rut: '11111111-1', nombre: 'Juan Pérez Soto' },
  direccion_destino: 'Av. Américo Vespucio 1500',
  comuna_destino: 'Quilicura',
  ciudad_destino: 'Santiago',
};

/** The foreign buyer of an export: RUTRecep 55555555-5 (Formato DTE v2.2 §A field 50), its city obligatory on a 110 (field 62). */
const EXTRANJERO = {
  rut: '55555555-5',
  razon_social: 'Importadora del Plata S.A.',
  giro: 'Importación de alimentos',
  direccion: 'Av. Corrientes 1234',
  comuna: 'CABA',
  ciudad: 'Buenos Aires',
};
/** The Aduana section of goods sent by sea, FOB, in a refrigerated container (codes of libs/dte/assets/aduana). */
const ADUANA_MARITIMA = {
  modalidad_venta: 1,
  clausula_venta: 5,
  total_clausula: 30_276,
  via_transporte: 1,
  puerto_embarque: 906,
  puerto_desembarque: 293,
  peso_bruto: '5230.5',
  unidad_peso_bruto: 6,
  total_bultos: 1,
  bultos: [{ tipo: 75, cantidad: 1, marcas: 'ACME FRUTOS', id_container: 'MSKU1234567', sello: 'CL-998877' }],
  flete: 1_250,
  pais_receptor: 224,
  pais_destino: 220,
};
const USD = { moneda: 'DOLAR USA', tipo_cambio: '927.87', forma_pago_exportacion: 11, nacionalidad: 224 };
const exportado = (moneda: string, tipo_cambio: string, monto: string) => ({ moneda, tipo_cambio, exento: monto, total: monto });

export const TABLE: [string, 33 | 34 | 43 | 46 | 52 | 56 | 61 | 110 | 111 | 112, Record<string, unknown>, Esperado][] = [
  ['33 two units', 33, { detalle: [L(2, 10_000)] }, m(20_000, 0, 3_800, 23_800)],
  ['33 taxed and exempt lines', 33, { detalle: [L(1, 10_000), L(1, 5_000, { exento: true })] }, m(10_000, 5_000, 1_900, 16_900)],
  ['33 line discount 10 %', 33, { detalle: [L(3, 1_000, { descuento_pct: 10 })] }, m(2_700, 0, 513, 3_213, { descuentos: 300 })],
  ['33 line discount in pesos', 33, { detalle: [L(2, 5_000, { descuento_monto: 500 })] }, m(9_500, 0, 1_805, 11_305, { descuentos: 500 })],
  ['33 line surcharge 5 %', 33, { detalle: [L(1, 20_000, { recargo_pct: 5 })] }, m(21_000, 0, 3_990, 24_990, { recargos: 1_000 })],
  [
    '33 line surcharge in pesos, IVA x.5 up',
    33,
    { detalle: [L(4, 250, { recargo_monto: 250 })] },
    m(1_250, 0, 238, 1_488, { recargos: 250 }),
  ],
  [
    '33 global discount 10 % on taxed lines',
    33,
    { detalle: [L(1, 5_000), L(1, 5_000)], descuentos_recargos: [{ tipo: 'D', valor: 10, unidad: '%', aplica: 'afecto' }] },
    m(9_000, 0, 1_710, 10_710, { descuentos: 1_000 }),
  ],
  [
    '33 global discount in pesos on exempt lines',
    33,
    {
      detalle: [L(1, 10_000), L(1, 3_000, { exento: true })],
      descuentos_recargos: [{ tipo: 'D', valor: 500, unidad: '$', aplica: 'exento' }],
    },
    m(10_000, 2_500, 1_900, 14_400, { descuentos: 500 }),
  ],
  [
    '33 global surcharge 2.5 %',
    33,
    { detalle: [L(4, 10_000)], descuentos_recargos: [{ tipo: 'R', valor: '2.5', unidad: '%', aplica: 'afecto', glosa: 'Flete' }] },
    m(41_000, 0, 7_790, 48_790, { recargos: 1_000 }),
  ],
  [
    '33 soft drinks, ILA 10 % (code 27)',
    33,
    { detalle: [L(1, 10_000, { codigo_impuesto_adicional: 27 })] },
    m(10_000, 0, 1_900, 12_900, { impuestos_adicionales: [{ codigo: 27, tasa: 10, monto: 1_000 }] }),
  ],
  [
    '33 spirits, ILA 31.5 % (code 24) beside a line without tax',
    33,
    { detalle: [L(2, 5_000, { codigo_impuesto_adicional: 24 }), L(1, 2_000)] },
    m(12_000, 0, 2_280, 17_430, { impuestos_adicionales: [{ codigo: 24, tasa: 31.5, monto: 3_150 }] }),
  ],
  [
    '33 wine and beer, ILA 20.5 % (codes 25 and 26)',
    33,
    { detalle: [L(1, 1_000, { codigo_impuesto_adicional: 25 }), L(1, 2_000, { codigo_impuesto_adicional: 26 })] },
    m(3_000, 0, 570, 4_185, {
      impuestos_adicionales: [
        { codigo: 25, tasa: 20.5, monto: 205 },
        { codigo: 26, tasa: 20.5, monto: 410 },
      ],
    }),
  ],
  [
    '33 sugary drinks 18 % (code 271)',
    33,
    { detalle: [L(1, 5_000, { codigo_impuesto_adicional: 271 })] },
    m(5_000, 0, 950, 6_850, { impuestos_adicionales: [{ codigo: 271, tasa: 18, monto: 900 }] }),
  ],
  [
    '33 jewellery 15 % (code 23)',
    33,
    { detalle: [L(1, 100_000, { codigo_impuesto_adicional: 23 })] },
    m(100_000, 0, 19_000, 134_000, { impuestos_adicionales: [{ codigo: 23, tasa: 15, monto: 15_000 }] }),
  ],
  ['33 six-decimal quantity as a string', 33, { detalle: [L('1.234567', 1_000)] }, m(1_235, 0, 235, 1_470)],
  ['33 six-decimal price as a string', 33, { detalle: [L(3, '333.333333')] }, m(1_000, 0, 190, 1_190)],
  [
    '33 sixty lines',
    33,
    { detalle: Array.from({ length: 60 }, (_, i) => L(1, 100, { nombre: `Item ${i + 1}` })) },
    m(6_000, 0, 1_140, 7_140),
  ],
  [
    '33 name over 80 characters and item codes',
    33,
    {
      detalle: [
        L(5, 200, {
          nombre: 'Servicio de mantención preventiva de equipos de climatización en oficinas centrales, piso 3',
          codigos: [
            { tipo: 'EAN13', valor: '7801234567890' },
            { tipo: 'PLU', valor: '4455' },
          ],
          unidad: 'HR',
        }),
      ],
    },
    m(1_000, 0, 190, 1_190),
  ],
  [
    '33 credit sale with payments, service indicator and transaction types',
    33,
    {
      forma_pago: 2,
      fecha_vencimiento: HOY,
      pagos: [
        { fecha: HOY, monto: 29_750, glosa: 'Cuota 1' },
        { fecha: HOY, monto: 29_750, glosa: 'Cuota 2' },
      ],
      indicador_servicio: 3,
      tipo_transaccion_venta: 1,
      tipo_transaccion_compra: 1,
      detalle: [L(1, 50_000)],
    },
    m(50_000, 0, 9_500, 59_500),
  ],
  [
    '33 with a no-billable line (MontoNF)',
    33,
    { detalle: [L(1, 10_000), L(1, 500, { no_facturable: true })] },
    m(10_000, 0, 1_900, 11_900),
  ],
  [
    '33 with a negative no-billable line (IndExe 6: MontoNF = 500 - 2000, negative)',
    33,
    { detalle: [L(1, 10_000), L(1, 500, { no_facturable: true }), L(1, 2_000, { no_facturable_negativo: true })] },
    m(10_000, 0, 1_900, 11_900),
  ],
  [
    '33 line and global discounts with ILA',
    33,
    {
      detalle: [L(10, 1_000, { descuento_pct: 10, codigo_impuesto_adicional: 27 }), L(1, 1_000)],
      descuentos_recargos: [{ tipo: 'D', valor: 10, unidad: '%', aplica: 'afecto' }],
    },
    // The global 10 % also lowers the ILA base, 9,000 -> 8,100 (Formato DTE v2.2 §D: it changes the tax base).
    m(9_000, 0, 1_710, 11_520, { descuentos: 2_000, impuestos_adicionales: [{ codigo: 27, tasa: 10, monto: 810 }] }),
  ],
  ['34 exempt invoice', 34, { detalle: [L(1, 30_000)] }, m(0, 30_000, 0, 30_000)],
  ['34 with a line discount', 34, { detalle: [L(2, 5_000, { descuento_pct: 10 })] }, m(0, 9_000, 0, 9_000, { descuentos: 1_000 })],
  [
    '34 with a global discount in pesos',
    34,
    { detalle: [L(1, 20_000)], descuentos_recargos: [{ tipo: 'D', valor: 1_000, unidad: '$', aplica: 'exento' }] },
    m(0, 19_000, 0, 19_000, { descuentos: 1_000 }),
  ],
  [
    '34 with a global surcharge 5 %',
    34,
    { detalle: [L(1, 20_000)], descuentos_recargos: [{ tipo: 'R', valor: 5, unidad: '%', aplica: 'exento' }] },
    m(0, 21_000, 0, 21_000, { recargos: 1_000 }),
  ],
  [
    '61 annuls the first factura (CodRef 1)',
    61,
    { detalle: [L(2, 10_000)], referencias: [ref(33, 1, 1, 'Anula factura')] },
    m(20_000, 0, 3_800, 23_800),
  ],
  [
    '61 corrects amounts of the second (CodRef 3)',
    61,
    { detalle: [L(1, 5_000)], referencias: [ref(33, 2, 3, 'Devolución parcial')] },
    m(5_000, 0, 950, 5_950),
  ],
  [
    '61 corrects text (CodRef 2), no amounts',
    61,
    { detalle: [L(1, 0, { nombre: 'Corrige giro del receptor' })], referencias: [ref(33, 3, 2, 'Corrige giro')] },
    m(0, 0, 0, 0),
  ],
  [
    '56 raises the first factura (CodRef 3)',
    56,
    { detalle: [L(1, 1_000)], referencias: [ref(33, 1, 3, 'Intereses por mora')] },
    m(1_000, 0, 190, 1_190),
  ],
  [
    '56 annuls the second credit note (a note on a note)',
    56,
    { detalle: [L(1, 5_000)], referencias: [ref(61, 2, 1, 'Anula nota de crédito')] },
    m(5_000, 0, 950, 5_950),
  ],
  [
    '61 on exempt lines (CodRef 3)',
    61,
    { detalle: [L(1, 1_000, { exento: true })], referencias: [ref(33, 2, 3, 'Devolución de ítem exento')] },
    m(0, 1_000, 0, 1_000),
  ],
  [
    '56 with a global surcharge and ILA',
    56,
    {
      detalle: [L(1, 10_000, { codigo_impuesto_adicional: 27 })],
      descuentos_recargos: [{ tipo: 'R', valor: 1_000, unidad: '$', aplica: 'afecto' }],
      referencias: [ref(33, 14, 3, 'Ajuste de precio')],
    },
    // Every taxed line carries 27: the surcharge in pesos raises its base too, 10,000 -> 11,000.
    m(11_000, 0, 2_090, 14_190, { recargos: 1_000, impuestos_adicionales: [{ codigo: 27, tasa: 10, monto: 1_100 }] }),
  ],
  [
    '52 guía that is a sale, delivered by the issuer with the whole Transporte',
    52,
    { ind_traslado: 1, tipo_despacho: 2, transporte: TRANSPORTE, detalle: [L(10, 1_500)] },
    m(15_000, 0, 2_850, 17_850),
  ],
  [
    '52 guía of an internal move, without prices',
    52,
    { ind_traslado: 5, forma_pago: undefined, transporte: { comuna_destino: 'Pudahuel' }, detalle: [L(5, 0)] },
    m(0, 0, 0, 0),
  ],
  [
    // Formato DTE v2.2 §4 code 15 and field 124: the buyer retains the whole IVA; MntTotal is what it pays the seller.
    '46 factura de compra, IVA retenido total',
    46,
    { detalle: [L(100, 1_200, { codigo_impuesto_adicional: 15 })] },
    m(120_000, 0, 22_800, 120_000, { impuestos_adicionales: [{ codigo: 15, tasa: 19, monto: 22_800 }] }),
  ],
  [
    // Code 34 (trigo, usually 4 %): 4 % of the 250 000 line retained; IVANoRet = IVA 49 400 - 10 000 (field 118).
    '46 factura de compra, IVA retenido parcial (trigo 4 %) beside a line without retention',
    46,
    { detalle: [L(1_000, 250, { codigo_impuesto_adicional: 34 }), L(1, 10_000)] },
    m(260_000, 0, 49_400, 299_400, { impuestos_adicionales: [{ codigo: 34, tasa: 4, monto: 10_000 }], iva_no_retenido: 39_400 }),
  ],
  [
    // Formato DTE v2.2 §F and field 124: two facturas liquidated (500 000 + IVA 95 000) less a 10 % comisión (50 000 + IVA 9 500).
    '43 liquidación-factura of two facturas less the comisión',
    43,
    {
      detalle: [L(1, 300_000, { tipo_doc_liq: '33' }), L(1, 200_000, { tipo_doc_liq: '33' })],
      comisiones: [{ tipo: 'C', glosa: 'Comisión 10 % por venta en consignación', tasa: 10, neto: 50_000 }],
    },
    m(500_000, 0, 95_000, 535_500, { comisiones: { neto: 50_000, exento: 0, iva: 9_500 } }),
  ],
  [
    // The comisión and a freight charge exceed the sale liquidated: MntTotal is negative (Cambios 22/09/2005 item 4).
    '43 liquidación-factura whose comisiones exceed the sale: a negative total',
    43,
    {
      detalle: [L(1, 10_000, { tipo_doc_liq: '33' })],
      comisiones: [
        { tipo: 'C', glosa: 'Comisión', neto: 5_000 },
        { tipo: 'O', glosa: 'Flete', neto: 15_000, exento: 1_000 },
      ],
    },
    m(10_000, 0, 1_900, 11_900 - 20_000 - 1_000 - 3_800, { comisiones: { neto: 20_000, exento: 1_000, iva: 3_800 } }),
  ],
  [
    // docs/research/exportacion.md §3: 261 × 116 = 30 276 USD; OtraMoneda round(30 276 × 927.87) = 28 092 192 CLP.
    '110 factura de exportación of goods by sea, FOB, in USD, a refrigerated container',
    110,
    { receptor: EXTRANJERO, detalle: [L(261, 116, { unidad: 'KN' })], exportacion: { ...USD, aduana: ADUANA_MARITIMA } },
    m(0, 28_092_192, 0, 28_092_192, { exportacion: exportado('DOLAR USA', '927.87', '30276') }),
  ],
  [
    // IndServicio 3 (servicios calificados por Aduana): no sale clause nor bultos; 12 × 150.25 = 1 803 EUR × 1 012.34 = 1 825 249.02.
    '110 factura de exportación of services in EUR, four-decimal rate',
    110,
    {
      receptor: EXTRANJERO,
      indicador_servicio: 3,
      detalle: [L(12, '150.25', { nombre: 'Consultoría en ingeniería' })],
      exportacion: { moneda: 'EURO', tipo_cambio: '1012.34', aduana: { via_transporte: 10, pais_receptor: 224 } },
    },
    m(0, 1_825_249, 0, 1_825_249, { exportacion: exportado('EURO', '1012.34', '1803') }),
  ],
  [
    // 10 × 116 = 1 160 USD returned, × 927.87 = 1 076 329.2.
    '112 nota de crédito de exportación corrects the amounts of the first 110 (CodRef 3)',
    112,
    { receptor: EXTRANJERO, detalle: [L(10, 116)], exportacion: USD, referencias: [ref(110, 1, 3, 'Devolución parcial')] },
    m(0, 1_076_329, 0, 1_076_329, { exportacion: exportado('DOLAR USA', '927.87', '1160') }),
  ],
  [
    // 100 + a freight surcharge of 50.50 USD = 150.5 × 927.87 = 139 644.435.
    '111 nota de débito de exportación with a global freight surcharge in USD',
    111,
    {
      receptor: EXTRANJERO,
      detalle: [L(1, 100, { nombre: 'Diferencia de precio' })],
      descuentos_recargos: [{ tipo: 'R', valor: '50.5', unidad: '$', aplica: 'exento', glosa: 'Flete' }],
      exportacion: USD,
      referencias: [ref(110, 1, 3, 'Ajuste de precio y flete')],
    },
    m(0, 139_644, 0, 139_644, { exportacion: exportado('DOLAR USA', '927.87', '150.5') }),
  ],
];
