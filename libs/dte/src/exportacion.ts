import Decimal from 'decimal.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dteAssetsDir } from './assets';
import { DteBuildError } from './errors';
import { decimalOf, type Decimalish, type DescuentoRecargoGlobal, type LineaTotales, type Montos } from './totals';
import { SIN_COMISIONES } from './comisiones';

/** The export documents: an `<Exportaciones>` of DTE_v10.xsd, exempt, in a foreign currency (docs/research/exportacion.md §1). */
export const TIPOS_EXPORTACION = [110, 111, 112] as const;
export type TipoExportacion = (typeof TIPOS_EXPORTACION)[number];

/** A 110, 111 or 112 ({@link TIPOS_EXPORTACION}). */
export function esExportacion(tipo: number): tipo is TipoExportacion {
  return (TIPOS_EXPORTACION as readonly number[]).includes(tipo);
}

/** RUTRecep of every export document: "En doctos. Exportac. 55.555.555-5" (Formato DTE v2.2 §A field 50). */
export const RUT_RECEPTOR_EXPORTACION = '55555555-5';

/** OtraMoneda/TpoMoneda of an export: the pesos of the Banco Central rate (docs/research/exportacion.md §3, the SII's HED-3-834). */
export const MONEDA_PESO = 'PESO CL';

/** FmaPagExp 21, "sin pago" (muestras sin carácter comercial): the amounts in pesos are 0 (docs/research/exportacion.md §3, HED-1-803). */
export const FORMA_PAGO_EXPORTACION_SIN_PAGO = 21;

/** The Aduana code tables shipped in libs/dte/assets/aduana, each citing its source (docs/research/exportacion.md §6). */
export type TablaAduana =
  | 'puertos'
  | 'paises'
  | 'monedas'
  | 'vias-transporte'
  | 'modalidades-venta'
  | 'clausulas-venta'
  | 'unidades-medida'
  | 'tipos-bultos'
  | 'formas-pago-exportacion';

const tablas = new Map<TablaAduana, Readonly<Record<string, string>>>();

/** `code → name` of one table; monedas maps each TipMonType string to itself. @throws DteAssetsError when the assets are missing */
export function tablaAduana(tabla: TablaAduana): Readonly<Record<string, string>> {
  let codes = tablas.get(tabla);
  if (!codes) {
    const file = join(dteAssetsDir(), 'aduana', `${tabla}.json`);
    codes = (JSON.parse(readFileSync(file, 'utf8')) as { codes: Record<string, string> }).codes;
    tablas.set(tabla, codes);
  }
  return codes;
}

/** The name of `codigo` in `tabla`, or undefined when the table has no such code (numeric codes compare as numbers: "04" is 4). */
export function nombreAduana(tabla: TablaAduana, codigo: number | string): string | undefined {
  const codes = tablaAduana(tabla);
  const key = typeof codigo === 'number' || /^\d+$/.test(codigo) ? String(Number(codigo)) : codigo;
  return Object.prototype.hasOwnProperty.call(codes, key) ? codes[key] : undefined;
}

/** One TipoBultos of the Aduana section (DTE_v10.xsd): CodTpoBultos, CantBultos, Marcas ≤ 255, container fields. */
export interface BultoInput {
  tipo: number;
  cantidad: number;
  marcas?: string;
  id_container?: string;
  sello?: string;
  emisor_sello?: string;
}

/** Transporte/Aduana (Formato DTE v2.2 §A fields 74-105, docs/research/exportacion.md §1): Aduana table codes, amounts in the currency. */
export interface AduanaInput {
  modalidad_venta?: number;
  clausula_venta?: number;
  total_clausula?: Decimalish;
  via_transporte?: number;
  nombre_transporte?: string;
  rut_cia_transporte?: string;
  nombre_cia_transporte?: string;
  booking?: string;
  operador?: string;
  puerto_embarque?: number;
  puerto_desembarque?: number;
  tara?: number;
  unidad_tara?: number;
  peso_bruto?: Decimalish;
  unidad_peso_bruto?: number;
  peso_neto?: Decimalish;
  unidad_peso_neto?: number;
  total_items?: number;
  total_bultos?: number;
  bultos?: BultoInput[];
  flete?: Decimalish;
  seguro?: Decimalish;
  pais_receptor?: number;
  pais_destino?: number;
}

/** What an export adds: TpoMoneda (a TipMonType of monedas.json, not PESO CL), TpoCambio (pesos per unit, Banco Central's of FchEmis). */
export interface ExportacionInput {
  moneda: string;
  tipo_cambio: Decimalish;
  forma_pago_exportacion?: number;
  aduana?: AduanaInput;
  nacionalidad?: number;
  id_adicional_receptor?: string;
}

/** One line of an export in its currency (decimal strings, 4 places at most): MontoItem = bruto − descuento + recargo. */
export interface LineaExportacion {
  bruto: string;
  descuento: string;
  recargo: string;
  monto: string;
}

/** Totals of an export: MntExe = MntTotal, lines and ValorDR in `moneda` as written; OtraMoneda in whole pesos (0 when sin pago). */
export interface MontosExportacion {
  moneda: string;
  tipo_cambio: string;
  lineas: LineaExportacion[];
  globales: string[];
  exento: string;
  total: string;
  exento_pesos: number;
  total_pesos: number;
}

const MAX_18_4 = '99999999999999.9999';
const cuatro = (d: Decimal) => d.toDecimalPlaces(4, Decimal.ROUND_HALF_UP);

function porcentaje(base: Decimal, pct: Decimalish, field: string, max: number): Decimal {
  const p = decimalOf(pct, field, 2, max);
  if (p.lte(0)) throw new DteBuildError(`${field} must be greater than 0`);
  return cuatro(base.times(p).dividedBy(100));
}

function ajuste(base: Decimal, pct: Decimalish | undefined, monto: number | undefined, field: string, max: number): Decimal {
  if (pct !== undefined && monto !== undefined) throw new DteBuildError(`a line takes ${field}_pct or ${field}_monto, not both`);
  if (pct !== undefined) return porcentaje(base, pct, `${field}_pct`, max);
  return monto === undefined ? new Decimal(0) : decimalOf(monto, `${field}_monto`, 0, MAX_18_4);
}

/** MontoItem of an export line, rounded to 4 decimals half up (DTE_v10.xsd Exportaciones MontoItem: decimal 18,4). */
export function lineaExportacion(l: LineaTotales): LineaExportacion {
  if (l.no_facturable || l.no_facturable_negativo || l.garantia_envase || l.codigo_impuesto_adicional !== undefined) {
    throw new DteBuildError('an export line is exempt: no IndExe 2, 3 or 6 nor CodImpAdic (Formato DTE v2.2 fields D5, D37)');
  }
  const bruto = cuatro(decimalOf(l.cantidad, 'cantidad').times(decimalOf(l.precio_unitario, 'precio_unitario')));
  const descuento = ajuste(bruto, l.descuento_pct, l.descuento_monto, 'descuento', 100);
  const recargo = ajuste(bruto, l.recargo_pct, l.recargo_monto, 'recargo', 999.99);
  if (descuento.gt(bruto)) throw new DteBuildError(`the discount ${descuento.toFixed()} exceeds the line amount ${bruto.toFixed()}`);
  const monto = bruto.minus(descuento).plus(recargo);
  if (monto.gt(MAX_18_4)) throw new DteBuildError(`MontoItem exceeds ${MAX_18_4}`);
  return { bruto: bruto.toFixed(), descuento: descuento.toFixed(), recargo: recargo.toFixed(), monto: monto.toFixed() };
}

/** ValorDR of a global in the currency: a percent of `base` or an amount of at most 2 decimals (Dec16_2Type). */
function valorGlobal(g: DescuentoRecargoGlobal, base: Decimal): Decimal {
  if (g.tipo !== 'D' && g.tipo !== 'R') throw new DteBuildError('a global discount or surcharge has tipo D or R');
  if (g.unidad === '%') return porcentaje(base, g.valor, 'descuentos_recargos.valor', g.tipo === 'D' ? 100 : 999.99);
  if (g.unidad !== '$') throw new DteBuildError('descuentos_recargos.unidad must be % or $');
  const d = decimalOf(g.valor, 'descuentos_recargos.valor', 2, '9999999999999999.99');
  if (d.lte(0)) throw new DteBuildError('descuentos_recargos.valor must be greater than 0');
  return d;
}

/** Whole pesos, half up: round(monto × TpoCambio) (docs/research/exportacion.md §3: LibreDTE, Odoo and the SII's accepted sets). */
export function aPesos(monto: Decimal.Value, tipoCambio: Decimal.Value): number {
  return new Decimal(monto).times(tipoCambio).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
}

/** TpoCambio: Dec6_4Type, 0.0001 to 999999.9999 (so never 0). @throws DteBuildError */
export function tipoCambioDe(value: Decimalish): Decimal {
  const d = decimalOf(value, 'exportacion.tipo_cambio', 4, '999999.9999');
  if (d.lte(0)) throw new DteBuildError('exportacion.tipo_cambio must be greater than 0 (Dec6_4Type)');
  return d;
}

/** TpoMoneda of Totales: a TipMonType string of monedas.json other than PESO CL. @throws DteBuildError */
export function monedaExportacion(moneda: string): string {
  if (moneda === MONEDA_PESO) {
    throw new DteBuildError('an export is invoiced in a foreign currency; its pesos go in OtraMoneda (docs/research/exportacion.md §3)');
  }
  if (nombreAduana('monedas', moneda) === undefined) {
    throw new DteBuildError(
      `exportacion.moneda ${JSON.stringify(moneda).slice(0, 30)} is not a TpoMoneda of SiiTypes_v10.xsd (e.g. "DOLAR USA", "EURO")`,
    );
  }
  return moneda;
}

/** Totals of a 110, 111 or 112, in the currency to 4 decimals; pesos at `tipo_cambio`, 0 under FmaPagExp 21 (docs/research/exportacion.md
 * §1, §3; HED-1-803). @throws DteBuildError on no lines, invalid values, a discount above its base, or a currency not an export's */
export function totalesExportacion(
  detalle: readonly LineaTotales[],
  globales: readonly DescuentoRecargoGlobal[],
  exportacion: ExportacionInput,
): MontosExportacion {
  if (detalle.length === 0) throw new DteBuildError('a document needs at least one Detalle line');
  const moneda = monedaExportacion(exportacion.moneda);
  const tipoCambio = tipoCambioDe(exportacion.tipo_cambio);
  const lineas = detalle.map(lineaExportacion);
  const base = lineas.reduce((t, l) => t.plus(l.monto), new Decimal(0));
  let exento = base;
  const valores = globales.map((g) => {
    const v = valorGlobal(g, base);
    exento = g.tipo === 'D' ? exento.minus(v) : exento.plus(v);
    return v.toFixed();
  });
  if (exento.isNegative()) throw new DteBuildError('the global discounts exceed the amounts they apply to');
  if (exento.gt(MAX_18_4)) throw new DteBuildError(`MntTotal exceeds ${MAX_18_4}`);
  const sinPago = exportacion.forma_pago_exportacion === FORMA_PAGO_EXPORTACION_SIN_PAGO;
  const pesos = sinPago ? 0 : aPesos(exento, tipoCambio);
  if (!Number.isSafeInteger(pesos)) throw new DteBuildError('MntTotOtrMnda exceeds the supported range');
  return {
    moneda,
    tipo_cambio: tipoCambio.toFixed(),
    lineas,
    globales: valores,
    exento: exento.toFixed(),
    total: exento.toFixed(),
    exento_pesos: pesos,
    total_pesos: pesos,
  };
}

/** An export's totals as the sales book and the ledger count them: OtraMoneda's whole CLP, all exempt. */
export function montosEnPesos(m: MontosExportacion): Montos {
  return {
    neto: 0,
    exento: m.exento_pesos,
    iva: 0,
    iva_retenido: 0,
    iva_no_retenido: 0,
    total: m.total_pesos,
    tasa_iva: 0,
    descuentos: 0,
    recargos: 0,
    impuestos_adicionales: [],
    no_facturable: 0,
    garantia_envases: 0,
    comisiones: SIN_COMISIONES,
  };
}
