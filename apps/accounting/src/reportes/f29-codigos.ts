import Decimal from 'decimal.js';

/**
 * The F29's códigos a company that issues and receives facturas electrónicas fills from its books (docs/research/f29.md §2; lines as the
 * SII's FAQ numbers them in 2025). Amounts whole CLP; cantidades are documents. Per código, the source:
 * - 503/502, 512/513, 509/510 (facturas, notas de débito, notas de crédito emitidas: cantidad / IVA): the month's sales documents;
 * - 519/520, 531/532, 527/528 (the same received): the month's purchases;
 * - 538 TOTAL DÉBITOS and the crédito of 537 TOTAL CRÉDITOS: the IVA Débito and Crédito Fiscal accounts of the ledger (the lines above are
 *   their breakdown; `cuadra_con_documentos` says whether they add up);
 * - 504 remanente del mes anterior: the previous month's 077 readjusted by the UTM (f29-remanente.ts), added to 537;
 * - 089 IVA determinado = 538 − 537 or 077 remanente para el período siguiente = 537 − 538;
 * - 151 retención art. 42 N° 2 (honorarios): what the company withheld on the boletas de honorarios of the month;
 * - 048 impuesto único de segunda categoría: 0, the books hold no payroll;
 * - 563 base imponible PPM (the month's gross income: neto + exento of sales, less notas de crédito), 115 tasa PPM (the empresa's),
 *   062 PPM = 563 × 115 %, rounded half up to the peso; omitted without a rate;
 * - 595 sub total = 089 + 048 + 151 + 062; 091 total a pagar dentro del plazo legal = 595 (the front of the form only).
 */
export interface F29Insumos {
  emitidos: Partial<Record<number, { cantidad: number; iva: number }>>;
  recibidos: Partial<Record<number, { cantidad: number; iva: number }>>;
  debitoLibros: number;
  creditoLibros: number;
  /** 504: the readjusted remanente of the previous month. */
  remanenteAnterior: number;
  retencionHonorarios: number;
  ingresosBrutos: number;
  /** Percent, as a decimal string; null when the empresa has none. */
  tasaPpm: string | null;
}

export interface CodigoF29 {
  codigo: string;
  glosa: string;
  valor: number;
}

export interface F29Calculado {
  codigos: CodigoF29[];
  iva_determinado: number;
  remanente_siguiente: number;
  ppm: number | null;
  total_a_pagar: number;
  /** The IVA of the month's documents (notas de crédito subtract), which `cuadra_con_documentos` compares with the books. */
  segun_documentos: { debito_fiscal: number; credito_fiscal: number };
  cuadra_con_documentos: boolean;
}

/** DTE types that subtract from the month's IVA and sales (SII Formato DTE v2.2: 61 nota de crédito, 112 de exportación). */
export const NOTAS_CREDITO = [61, 112];

/** A side's IVA by its documents of every type, notas de crédito subtracting. */
function ivaDocumentos(docs: F29Insumos['emitidos']): number {
  return Object.entries(docs).reduce((s, [tipo, d]) => s + (NOTAS_CREDITO.includes(Number(tipo)) ? -1 : 1) * (d?.iva ?? 0), 0);
}

/** A line of documents: its cantidad código, its IVA código, the DTE type, what the form calls them. */
type Linea = [cantidad: string, iva: string, tipo: number, nombre: string];

const DEBITOS: Linea[] = [
  ['503', '502', 33, 'facturas emitidas del giro'],
  ['512', '513', 56, 'notas de débito emitidas'],
  ['509', '510', 61, 'notas de crédito emitidas (resta)'],
];

const CREDITOS: Linea[] = [
  ['519', '520', 33, 'facturas recibidas del giro'],
  ['531', '532', 56, 'notas de débito recibidas'],
  ['527', '528', 61, 'notas de crédito recibidas (resta)'],
];

function lineas(tabla: Linea[], doc: (tipo: number) => { cantidad: number; iva: number }, monto: string): CodigoF29[] {
  return tabla.flatMap(([cantidad, iva, tipo, nombre]) => [
    { codigo: cantidad, glosa: `Cantidad de ${nombre.replace(' (resta)', '')}`, valor: doc(tipo).cantidad },
    { codigo: iva, glosa: `${monto} de ${nombre}`, valor: doc(tipo).iva },
  ]);
}

export function calcularF29(i: F29Insumos): F29Calculado {
  const e = (t: number) => i.emitidos[t] ?? { cantidad: 0, iva: 0 };
  const r = (t: number) => i.recibidos[t] ?? { cantidad: 0, iva: 0 };
  const totalCreditos = i.creditoLibros + i.remanenteAnterior;
  const ivaDeterminado = Math.max(i.debitoLibros - totalCreditos, 0);
  const remanente = Math.max(totalCreditos - i.debitoLibros, 0);
  // More notas de crédito than sales leave no base: a PPM is never negative.
  const base = Math.max(i.ingresosBrutos, 0);
  const ppm = i.tasaPpm === null ? null : pesos(new Decimal(base).times(i.tasaPpm).dividedBy(100));
  const subtotal = ivaDeterminado + 0 + i.retencionHonorarios + (ppm ?? 0);
  const segun = { debito_fiscal: ivaDocumentos(i.emitidos), credito_fiscal: ivaDocumentos(i.recibidos) };
  const c = (codigo: string, glosa: string, valor: number): CodigoF29 => ({ codigo, glosa, valor });
  const codigos = [
    ...lineas(DEBITOS, e, 'Débitos'),
    c('538', 'Total débitos', i.debitoLibros),
    ...lineas(CREDITOS, r, 'Crédito'),
    c('504', 'Remanente de crédito fiscal del mes anterior', i.remanenteAnterior),
    c('537', 'Total créditos', totalCreditos),
    c('089', 'IVA determinado', ivaDeterminado),
    c('077', 'Remanente de crédito fiscal para el período siguiente', remanente),
    c('048', 'Impuesto único de segunda categoría', 0),
    c('151', 'Retención de impuesto con tasa del art. 42 N° 2 (honorarios)', i.retencionHonorarios),
    ...(ppm === null
      ? []
      : [c('563', 'Base imponible PPM', base), c('115', 'Tasa PPM (%)', Number(i.tasaPpm)), c('062', 'PPM neto determinado', ppm)]),
    c('595', 'Sub total impuesto determinado anverso', subtotal),
    c('091', 'Total a pagar dentro del plazo legal', subtotal),
  ];
  return {
    codigos,
    iva_determinado: ivaDeterminado,
    remanente_siguiente: remanente,
    ppm,
    total_a_pagar: subtotal,
    segun_documentos: segun,
    cuadra_con_documentos: segun.debito_fiscal === i.debitoLibros && segun.credito_fiscal === i.creditoLibros,
  };
}

function pesos(d: Decimal): number {
  return d.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
}
